import { useForm, valiForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { CaptchaField } from '~/islands/donation/CaptchaField';
import { EmailField } from '~/islands/form/EmailField';
import { PasswordField } from '~/islands/form/PasswordField';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { applyServerErrors } from '~/islands/form/validation';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { failureBodyOf } from '~/lib/api/storeErrors';
import type { CaptchaConfig } from '~/lib/contracts/platform';
import { AUTH_MESSAGES, type LoginInput, loginSchema } from '~/lib/schemas/auth';
import { login } from '~/stores/auth';
import { InvitationNotice } from './InvitationNotice';

type LoginValues = { email: string; password: string };

const FIELDS = ['email', 'password'] as const;
/** The server's answer after repeated failures of an account (docs/api/accounts.md "Rate limits"). */
const CAPTCHA_REQUIRED = 'captcha_required';

interface Props {
  /** Which captcha widget to show when the server asks for one. */
  captcha: CaptchaConfig;
}

function LoginFormContent({ captcha }: Props): ReactElement {
  const [form, { Form }] = useForm<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: valiForm(loginSchema),
  });
  // Stays true after success while the browser goes to the next page.
  const [done, setDone] = useState(false);
  // Shown only once the server asked for it: most people never see a captcha.
  const [captchaShown, setCaptchaShown] = useState(false);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);

  const onSubmit = async (values: LoginValues): Promise<void> => {
    if (captchaShown && !captchaToken) {
      setCaptchaError(AUTH_MESSAGES.captchaRequired);
      return;
    }
    const input: LoginInput = captchaToken ? { ...values, recaptchaToken: captchaToken } : values;
    const result = await login(input);
    if (result.ok) {
      setDone(true);
      return;
    }
    const body = failureBodyOf(result.error);
    // A solution buys one attempt: whatever the answer, the next one needs a fresh widget.
    if (captchaToken) setCaptchaKey((key) => key + 1);
    if (body.errors.some((e) => e.code === CAPTCHA_REQUIRED)) {
      setCaptchaShown(true);
      setCaptchaError(body.data?.recaptchaToken?.[0] ?? AUTH_MESSAGES.captchaRequired);
    } else {
      setCaptchaError(null);
    }
    applyServerErrors(form, body.data, FIELDS, { shouldFocus: false });
  };

  return (
    <Form onSubmit={onSubmit} className="space-y-4" aria-label="Log in">
      <InvitationNotice next="Log in to accept it, or create an account if you are new to Letsema." />
      <EmailField of={form} />
      <PasswordField of={form} autoComplete="current-password" />
      {captchaShown ? (
        <CaptchaField
          config={captcha}
          onToken={(token) => {
            setCaptchaToken(token);
            if (token) setCaptchaError(null);
          }}
          resetKey={captchaKey}
          error={captchaError}
        />
      ) : null}
      <div className="flex justify-end">
        <a
          href="/auth/forgot-password"
          className="text-sm font-semibold text-brand underline-offset-2 hover:underline"
        >
          Forgot password?
        </a>
      </div>
      <SubmitButton form={form} busyLabel="Logging in…" done={done}>
        Log in
      </SubmitButton>
    </Form>
  );
}

/**
 * The login form (SPEC §4): after success, the saved return path or /home.
 * After repeated failures of an account the server asks for a captcha; the
 * form then shows it and the next login carries its answer.
 */
export default function LoginForm(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <LoginFormContent {...props} />
    </IslandErrorBoundary>
  );
}

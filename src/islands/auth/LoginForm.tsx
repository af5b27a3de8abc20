import { useForm, valiForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { flushSync } from 'react-dom';
import { CaptchaField, captchaFailedMessage, useCaptchaProof } from '~/islands/donation/CaptchaField';
import { CaptchaNotTicked } from '~/islands/donation/captchaProof';
import { EmailField } from '~/islands/form/EmailField';
import { FormNotice } from '~/islands/form/FormNotice';
import { PasswordField } from '~/islands/form/PasswordField';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { applyServerErrors } from '~/islands/form/validation';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import type { ApiFailureBody } from '~/lib/api/errors';
import { failureBodyOf } from '~/lib/api/storeErrors';
import type { CaptchaConfig } from '~/lib/contracts/platform';
import { href, m } from '~/lib/i18n';
import { authMessage, type LoginInput, loginSchema } from '~/lib/schemas/auth';
import { CAPTCHA_REQUIRED_CODE, login, loginNeedsSecurityCheck, maxLoginAttempts } from '~/stores/auth';
import { InvitationNotice } from './InvitationNotice';

type LoginValues = { email: string; password: string };

const FIELDS = ['email', 'password'] as const;

/** The server's answer asks for the captcha (SPEC §3). */
const asksForCaptcha = (body: ApiFailureBody): boolean =>
  body.errors.some((e) => e.code === CAPTCHA_REQUIRED_CODE);

/** The server's word about the captcha, else "complete the security check". */
const captchaRequiredMessage = (body: ApiFailureBody): string =>
  body.data?.recaptchaToken?.[0] ?? authMessage('captchaRequired');

interface Props {
  /** Which captcha widget to show when the server asks for one. */
  captcha: CaptchaConfig;
}

function LoginFormContent({ captcha: config }: Props): ReactElement {
  const [form, { Form }] = useForm<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: valiForm(loginSchema),
  });
  // Stays true after success while the browser goes to the next page.
  const [done, setDone] = useState(false);
  // SPEC §3 maxLoginAttempts: after that many failures here the next login needs the security
  // check, which the form says and shows at once (lib/loginAttempts.ts).
  const [attemptsUsed, setAttemptsUsed] = useState(loginNeedsSecurityCheck);
  // Shown once the attempts are used or the server asked for it: most people never see a captcha.
  const [captchaShown, setCaptchaShown] = useState(attemptsUsed);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [securing, setSecuring] = useState(false);
  const captcha = useCaptchaProof(config);

  /** The captcha's answer, waiting for ALTCHA's proof of work; null (with the reason shown) when there is none. */
  const captchaAnswer = async (): Promise<string | null> => {
    // Only a wait is shown: an answer that is already there goes at once.
    if (captcha.proof.state !== 'ready') setSecuring(true);
    try {
      return await captcha.proof.answer();
    } catch (error) {
      setCaptchaError(
        error instanceof CaptchaNotTicked ? authMessage('captchaRequired') : captchaFailedMessage(),
      );
      return null;
    } finally {
      setSecuring(false);
    }
  };

  /** One login; a captcha answer buys one attempt, so a fresh one is worked out after it. */
  const attempt = async (values: LoginValues, token: string | null) => {
    const input: LoginInput = token ? { ...values, recaptchaToken: token } : values;
    // The first "captcha_required" is answered here, in the same press: no toast for it.
    const result = await login(input, { quietCaptchaRequired: !token && !captcha.interactive });
    if (token && !result.ok) captcha.proof.spent();
    return result;
  };

  /**
   * The server asks for the captcha on a login sent without one: it is shown, and with ALTCHA solved
   * and the login sent again at once. The answer's failure to show, or null when there is none (done,
   * or waiting for reCAPTCHA's tick).
   */
  const answerCaptchaRequest = async (
    values: LoginValues,
    body: ApiFailureBody,
  ): Promise<ApiFailureBody | null> => {
    flushSync(() => setCaptchaShown(true));
    if (captcha.interactive) {
      setCaptchaError(captchaRequiredMessage(body));
      captcha.proof.start();
      return null;
    }
    const token = await captchaAnswer();
    if (!token) return null;
    const result = await attempt(values, token);
    if (result.ok) {
      setDone(true);
      return null;
    }
    return failureBodyOf(result.error);
  };

  /** A refused login: the captcha when the server asks for it (or the attempts are used), the fields' messages. */
  const showFailure = (body: ApiFailureBody): void => {
    if (asksForCaptcha(body)) {
      setCaptchaShown(true);
      setCaptchaError(captchaRequiredMessage(body));
    } else {
      setCaptchaError(null);
      if (loginNeedsSecurityCheck()) {
        // The last allowed failure: the next login needs the check, shown (and with ALTCHA worked out) now.
        setAttemptsUsed(true);
        setCaptchaShown(true);
      }
    }
    applyServerErrors(form, body.data, FIELDS, { shouldFocus: false });
  };

  const onSubmit = async (values: LoginValues): Promise<void> => {
    const token = captchaShown ? await captchaAnswer() : null;
    if (captchaShown && !token) return;
    const result = await attempt(values, token);
    if (result.ok) {
      setDone(true);
      return;
    }
    const body = failureBodyOf(result.error);
    // The first "captcha_required" is answered in the same press.
    const failure = !token && asksForCaptcha(body) ? await answerCaptchaRequest(values, body) : body;
    if (failure) showFailure(failure);
  };

  return (
    <Form onSubmit={onSubmit} className="space-y-4" aria-label={m.auth_login()}>
      <InvitationNotice next={m.auth_login_invitation_next()} />
      <EmailField of={form} />
      <PasswordField of={form} autoComplete="current-password" />
      {attemptsUsed ? (
        <FormNotice tone="info">{m.auth_login_attempts_used({ max: maxLoginAttempts })}</FormNotice>
      ) : null}
      {captchaShown ? <CaptchaField captcha={captcha} error={captchaError} startNow /> : null}
      <div className="flex justify-end">
        <a
          href={href('/auth/forgot-password')}
          className="text-sm font-semibold text-brand underline-offset-2 hover:underline"
        >
          {m.auth_forgot_link()}
        </a>
      </div>
      <SubmitButton
        form={form}
        busyLabel={securing ? m.auth_login_securing() : m.auth_login_busy()}
        done={done}
      >
        {m.auth_login()}
      </SubmitButton>
    </Form>
  );
}

/**
 * The login form (SPEC §4): after success, the saved return path or /home.
 * After repeated failures of an account the server asks for a captcha; the
 * form then shows it, works out ALTCHA's proof and sends the login again with
 * its answer, in the same press (reCAPTCHA's checkbox needs a tick first).
 */
export default function LoginForm(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <LoginFormContent {...props} />
    </IslandErrorBoundary>
  );
}

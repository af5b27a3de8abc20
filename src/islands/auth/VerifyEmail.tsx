import { useForm, valiForm } from '@modular-forms/react';
import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect, useRef, useState } from 'react';
import { EmailField } from '~/islands/form/EmailField';
import { FormNotice } from '~/islands/form/FormNotice';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { useHydrated } from '~/islands/shell/useHydrated';
import { failureBodyOf } from '~/lib/api/storeErrors';
import { AUTH_MESSAGES, resendVerificationSchema } from '~/lib/schemas/auth';
import { $currentUser, resendVerification, verifyEmail } from '~/stores/auth';

interface Props {
  /** The link's `?token=`; null when the link had none. */
  token: string | null;
}

type State =
  | { kind: 'verifying' }
  | { kind: 'verified'; message: string }
  | { kind: 'failed'; message: string };

export const VERIFIED_MESSAGE = 'Your email address is verified. You can now log in.';

function ResendForm(): ReactElement {
  const [form, { Form }] = useForm<{ email: string }>({
    initialValues: { email: '' },
    validate: valiForm(resendVerificationSchema),
  });
  const [sent, setSent] = useState<string | null>(null);
  if (sent) return <FormNotice tone="success">{sent}</FormNotice>;
  return (
    <Form
      onSubmit={async ({ email }) => {
        const result = await resendVerification(email.trim());
        if (result.ok)
          setSent(
            result.message ?? 'If that account still needs verifying, we have sent a new verification link.',
          );
      }}
      className="space-y-4"
      aria-label="Send a new verification link"
    >
      <EmailField of={form} />
      <SubmitButton form={form} busyLabel="Sending…">
        Send a new link
      </SubmitButton>
    </Form>
  );
}

function VerifyEmailContent({ token }: Props): ReactElement {
  const [state, setState] = useState<State>(
    token ? { kind: 'verifying' } : { kind: 'failed', message: AUTH_MESSAGES.invalidVerifyLink },
  );
  const started = useRef(false);
  const hydrated = useHydrated();
  const user = useStore($currentUser);

  useEffect(() => {
    // The link's token is single-use: ask once, whatever React does with effects.
    if (!token || started.current) return;
    started.current = true;
    void verifyEmail(token).then((result) =>
      setState(
        result.ok
          ? { kind: 'verified', message: result.message ?? VERIFIED_MESSAGE }
          : {
              kind: 'failed',
              message: failureBodyOf(result.error).meta.message ?? AUTH_MESSAGES.invalidVerifyLink,
            },
      ),
    );
  }, [token]);

  if (state.kind === 'verifying') {
    return (
      <p role="status" className="text-ink-muted">
        Verifying your email address…
      </p>
    );
  }
  if (state.kind === 'verified') {
    const signedIn = hydrated && user !== null;
    return (
      <div className="space-y-4">
        <h2 className="text-xl font-bold text-ink">Email verified</h2>
        <FormNotice tone="success">{state.message}</FormNotice>
        <a href={signedIn ? '/profile' : '/auth/login'} className="btn-primary w-full">
          {signedIn ? 'Go to my profile' : 'Log in'}
        </a>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      <h2 className="text-xl font-bold text-ink">We could not verify your email</h2>
      <FormNotice tone="error">{state.message}</FormNotice>
      <p className="text-sm text-ink-muted">Enter your email address and we will send you a new link.</p>
      <ResendForm />
    </div>
  );
}

/** The verification link's landing page: verifies on arrival, then offers login or a new link. */
export default function VerifyEmail(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <VerifyEmailContent {...props} />
    </IslandErrorBoundary>
  );
}

import { type ReactElement, useState } from 'react';
import { FormNotice } from '~/islands/form/FormNotice';
import { m } from '~/lib/i18n';
import { resendVerification } from '~/stores/auth';

interface Props {
  email: string;
  className?: string;
  label?: string;
}

/** "Resend verification email" for an address the page already knows (sign-up result, profile). */
export function ResendVerificationButton({
  email,
  className = 'btn-outline w-full disabled:opacity-60',
  label,
}: Props): ReactElement {
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [message, setMessage] = useState<string | null>(null);
  const send = async (): Promise<void> => {
    setState('sending');
    const result = await resendVerification(email);
    setState(result.ok ? 'sent' : 'idle');
    setMessage(result.ok ? (result.message ?? m.auth_verification_sent()) : null);
  };
  return (
    <div className="space-y-3">
      <button type="button" className={className} disabled={state !== 'idle'} onClick={() => void send()}>
        {state === 'sending' ? m.auth_sending() : (label ?? m.auth_resend_verification())}
      </button>
      {message ? <FormNotice tone="success">{message}</FormNotice> : null}
    </div>
  );
}

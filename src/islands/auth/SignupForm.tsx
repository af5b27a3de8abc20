import { useForm, valiForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { EmailField } from '~/islands/form/EmailField';
import { PasswordField } from '~/islands/form/PasswordField';
import { PersonNameFields } from '~/islands/form/PersonNameFields';
import { PhoneField } from '~/islands/form/PhoneField';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { applyServerErrors } from '~/islands/form/validation';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { failureBodyOf } from '~/lib/api/storeErrors';
import { href, m } from '~/lib/i18n';
import { PASSWORD_MIN, registerSchema } from '~/lib/schemas/auth';
import { register } from '~/stores/auth';
import { InvitationNotice } from './InvitationNotice';
import { ResendVerificationButton } from './ResendVerification';
import { SentNotice } from './SentNotice';
import { withParts } from './withParts';

type SignupValues = { firstName: string; lastName: string; email: string; password: string; phone: string };

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'phone'] as const;

/** The English text of the message after sign-up (the SPEC's); the page shows it in its language. */
export const REGISTERED_MESSAGE = 'Profile created! Check your email for the verification link.';

function Registered({ email }: { email: string }): ReactElement {
  return (
    <div className="space-y-4">
      <SentNotice title={m.auth_registered()} message={m.auth_registered_sent_to} email={email} />
      <p className="text-sm text-ink-muted">{m.auth_registered_no_email()}</p>
      <ResendVerificationButton email={email} />
      <a href={href('/auth/login')} className="btn-primary w-full">
        {m.auth_go_to_login()}
      </a>
    </div>
  );
}

function SignupFormContent(): ReactElement {
  const [form, { Form }] = useForm<SignupValues>({
    initialValues: { firstName: '', lastName: '', email: '', password: '', phone: '' },
    validate: valiForm(registerSchema),
  });
  const [registeredEmail, setRegisteredEmail] = useState<string | null>(null);

  if (registeredEmail) return <Registered email={registeredEmail} />;

  const onSubmit = async (values: SignupValues): Promise<void> => {
    const email = values.email.trim();
    const result = await register({ ...values, email, phone: values.phone.trim() || undefined });
    if (result.ok) setRegisteredEmail(email);
    else applyServerErrors(form, failureBodyOf(result.error).data, FIELDS, { shouldFocus: false });
  };

  return (
    <Form onSubmit={onSubmit} className="space-y-4" aria-label={m.auth_create_account()}>
      <InvitationNotice next={m.auth_signup_invitation_next()} />
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonNameFields of={form} />
      </div>
      <EmailField of={form} />
      <PasswordField
        of={form}
        autoComplete="new-password"
        hint={m.auth_password_policy({ min: PASSWORD_MIN })}
      />
      <PhoneField of={form} name="phone" />
      <SubmitButton form={form} busyLabel={m.auth_signup_busy()}>
        {m.auth_signup_submit()}
      </SubmitButton>
      <p className="text-xs text-ink-muted">
        {withParts(m.auth_signup_terms, {
          terms: (
            <a className="underline" href={href('/home/links?tab=terms')}>
              {m.auth_terms_link()}
            </a>
          ),
          privacy: (
            <a className="underline" href={href('/home/links?tab=privacy')}>
              {m.auth_privacy_link()}
            </a>
          ),
        })}
      </p>
    </Form>
  );
}

/** Registration (SPEC §4): on success, the verification message and a way to resend it. */
export default function SignupForm(): ReactElement {
  return (
    <IslandErrorBoundary>
      <SignupFormContent />
    </IslandErrorBoundary>
  );
}

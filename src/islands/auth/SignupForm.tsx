import { useForm, valiForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { EmailField } from '~/islands/form/EmailField';
import { FormNotice } from '~/islands/form/FormNotice';
import { PasswordField } from '~/islands/form/PasswordField';
import { PersonNameFields } from '~/islands/form/PersonNameFields';
import { PhoneField } from '~/islands/form/PhoneField';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { applyServerErrors } from '~/islands/form/validation';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { failureBodyOf } from '~/lib/api/storeErrors';
import { PASSWORD_MIN, registerSchema } from '~/lib/schemas/auth';
import { register } from '~/stores/auth';
import { InvitationNotice } from './InvitationNotice';
import { ResendVerificationButton } from './ResendVerification';

type SignupValues = { firstName: string; lastName: string; email: string; password: string; phone: string };

const FIELDS = ['firstName', 'lastName', 'email', 'password', 'phone'] as const;

export const REGISTERED_MESSAGE = 'Profile created! Check your email for the verification link.';
const PASSWORD_POLICY = `At least ${PASSWORD_MIN} characters. Avoid common passwords such as "password123".`;

function Registered({ email }: { email: string }): ReactElement {
  return (
    <div className="space-y-4">
      <FormNotice tone="success">
        <p className="font-semibold">{REGISTERED_MESSAGE}</p>
        <p className="mt-1">
          We sent it to <strong className="break-all">{email}</strong>. The link is valid for 48 hours.
        </p>
      </FormNotice>
      <p className="text-sm text-ink-muted">
        No email after a few minutes? Check your spam folder, or send the link again:
      </p>
      <ResendVerificationButton email={email} />
      <a href="/auth/login" className="btn-primary w-full">
        Go to login
      </a>
    </div>
  );
}

function SignupFormContent(): ReactElement {
  const [form, { Form, Field }] = useForm<SignupValues>({
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
    <Form onSubmit={onSubmit} className="space-y-4" aria-label="Create an account">
      <InvitationNotice next="Create your account, confirm your email and log in to accept it." />
      <div className="grid gap-4 sm:grid-cols-2">
        <PersonNameFields of={form} />
      </div>
      <EmailField of={form} />
      <PasswordField of={form} autoComplete="new-password" hint={PASSWORD_POLICY} />
      <Field name="phone">
        {(field, props) => (
          <PhoneField field={field} props={props} hint="For example 082 123 4567 or +27 82 123 4567." />
        )}
      </Field>
      <SubmitButton form={form} busyLabel="Creating your profile…">
        Create account
      </SubmitButton>
      <p className="text-xs text-ink-muted">
        By creating an account you agree to our{' '}
        <a className="underline" href="/home/links?tab=terms">
          Terms &amp; Conditions
        </a>{' '}
        and{' '}
        <a className="underline" href="/home/links?tab=privacy">
          Privacy Policy
        </a>
        .
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

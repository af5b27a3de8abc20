import { useForm, valiForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { EmailField } from '~/islands/form/EmailField';
import { PasswordField } from '~/islands/form/PasswordField';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { applyServerErrors } from '~/islands/form/validation';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { failureBodyOf } from '~/lib/api/storeErrors';
import { type LoginInput, loginSchema } from '~/lib/schemas/auth';
import { login } from '~/stores/auth';

type LoginValues = { email: string; password: string };

const FIELDS = ['email', 'password'] as const;

function LoginFormContent(): ReactElement {
  const [form, { Form }] = useForm<LoginValues>({
    initialValues: { email: '', password: '' },
    validate: valiForm(loginSchema),
  });
  // Stays true after success while the browser goes to the next page.
  const [done, setDone] = useState(false);

  const onSubmit = async (values: LoginValues): Promise<void> => {
    const result = await login(values as LoginInput);
    if (result.ok) setDone(true);
    else applyServerErrors(form, failureBodyOf(result.error).data, FIELDS, { shouldFocus: false });
  };

  return (
    <Form onSubmit={onSubmit} className="space-y-4" aria-label="Log in">
      <EmailField of={form} />
      <PasswordField of={form} autoComplete="current-password" />
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

/** The login form (SPEC §4): after success, the saved return path or /home. */
export default function LoginForm(): ReactElement {
  return (
    <IslandErrorBoundary>
      <LoginFormContent />
    </IslandErrorBoundary>
  );
}

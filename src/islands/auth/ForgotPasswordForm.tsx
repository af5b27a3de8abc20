import { useForm, valiForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { EmailField } from '~/islands/form/EmailField';
import { FormNotice } from '~/islands/form/FormNotice';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { applyServerErrors } from '~/islands/form/validation';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { failureBodyOf } from '~/lib/api/storeErrors';
import { forgotPasswordSchema } from '~/lib/schemas/auth';
import { requestPasswordReset } from '~/stores/auth';

type ForgotValues = { email: string };

export const RESET_REQUESTED_MESSAGE = 'Success! Check your email to reset your password.';

function ForgotPasswordFormContent(): ReactElement {
  const [form, { Form }] = useForm<ForgotValues>({
    initialValues: { email: '' },
    validate: valiForm(forgotPasswordSchema),
  });
  const [sentTo, setSentTo] = useState<string | null>(null);

  if (sentTo) {
    return (
      <div className="space-y-4">
        <FormNotice tone="success">
          <p className="font-semibold">{RESET_REQUESTED_MESSAGE}</p>
          <p className="mt-1">
            If an account uses <strong className="break-all">{sentTo}</strong>, the link is on its way. It is
            valid for one hour.
          </p>
        </FormNotice>
        <button type="button" className="btn-outline w-full" onClick={() => setSentTo(null)}>
          Use another email address
        </button>
      </div>
    );
  }

  const onSubmit = async (values: ForgotValues): Promise<void> => {
    const email = values.email.trim();
    const result = await requestPasswordReset({ email });
    if (result.ok) setSentTo(email);
    else applyServerErrors(form, failureBodyOf(result.error).data, ['email'], { shouldFocus: false });
  };

  return (
    <Form onSubmit={onSubmit} className="space-y-4" aria-label="Reset your password">
      <EmailField of={form} />
      <SubmitButton form={form} busyLabel="Sending…">
        Send reset link
      </SubmitButton>
    </Form>
  );
}

/** Asks for a password reset link (SPEC §4 request-status flag). */
export default function ForgotPasswordForm(): ReactElement {
  return (
    <IslandErrorBoundary>
      <ForgotPasswordFormContent />
    </IslandErrorBoundary>
  );
}

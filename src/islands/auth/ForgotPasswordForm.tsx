import { useForm, valiForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { EmailField } from '~/islands/form/EmailField';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { applyServerErrors } from '~/islands/form/validation';
import { IslandErrorBoundary } from '~/islands/shell/IslandErrorBoundary';
import { failureBodyOf } from '~/lib/api/storeErrors';
import { m } from '~/lib/i18n';
import { forgotPasswordSchema } from '~/lib/schemas/auth';
import { requestPasswordReset } from '~/stores/auth';
import { SentNotice } from './SentNotice';

type ForgotValues = { email: string };

/** The English text of the message after a reset request (the SPEC's); the page shows it in its language. */
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
        <SentNotice title={m.auth_reset_requested()} message={m.auth_reset_sent_to} email={sentTo} />
        <button type="button" className="btn-outline w-full" onClick={() => setSentTo(null)}>
          {m.auth_use_another_email()}
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
    <Form onSubmit={onSubmit} className="space-y-4" aria-label={m.auth_reset_form_label()}>
      <EmailField of={form} />
      <SubmitButton form={form} busyLabel={m.auth_sending()}>
        {m.auth_send_reset_link()}
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

import { type FormErrors, getValues, reset, useForm } from '@modular-forms/react';
import { type ReactElement, useState } from 'react';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { applyServerErrors, schemaErrors } from '~/islands/form/validation';
import { thankDonors } from '~/lib/api/ownerDonations';
import { THANK_LIMITS, thankDonorsSchema } from '~/lib/schemas/thankDonors';
import { failureOf, success } from './campaignActions';

type ThankValues = { message: string };

/**
 * A thank-you to one donor (`donationId`) or to every donor of the campaign, mailed by Letsema:
 * the writer never sees an address and replies do not reach them.
 */
export function ThankDonorsForm({
  campaignId,
  donationId = null,
  donorName,
  onDone,
}: {
  campaignId: string;
  donationId?: string | null;
  /** Who is thanked: a donor's public name, or null for everyone. */
  donorName: string | null;
  onDone: () => void;
}): ReactElement {
  const [busy, setBusy] = useState(false);
  const [form, { Form, Field }] = useForm<ThankValues>({
    initialValues: { message: '' },
    validate: (values) => schemaErrors(thankDonorsSchema, values, ['message']) as FormErrors<ThankValues>,
  });

  const send = async (): Promise<void> => {
    const { message = '' } = getValues(form) as Partial<ThankValues>;
    setBusy(true);
    try {
      const answer = await thankDonors(campaignId, { donationId, message });
      success(answer.meta.message ?? 'Your message was sent.');
      reset(form);
      onDone();
    } catch (error) {
      applyServerErrors(form, failureOf(error).fieldErrors, ['message']);
    } finally {
      setBusy(false);
    }
  };

  const label = donorName ? `Your message to ${donorName}` : 'Your message to all donors';
  return (
    <Form onSubmit={() => void send()} className="space-y-3 rounded-lg border border-gray-200 bg-gray-50 p-4">
      <Field name="message">
        {(field, props) => (
          <TextAreaField
            field={field}
            props={props}
            label={label}
            hint="Plain text. Letsema mails it for you: you do not see the donor's address, and replies do not reach you."
            maxLength={THANK_LIMITS.message}
            rows={4}
            required
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-3">
        <button type="submit" className="btn-primary px-4 py-2" disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Sending…' : 'Send thank-you'}
        </button>
        <button type="button" className="btn-outline px-4 py-2" onClick={onDone} disabled={busy}>
          Cancel
        </button>
      </div>
    </Form>
  );
}

import { type FormErrors, getValues, useForm } from '@modular-forms/react';
import { type ReactElement, useEffect, useState } from 'react';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { schemaErrors } from '~/islands/form/validation';
import { getRefundRequestState, type RefundRequestState, sendRefundRequest } from '~/lib/api/refundRequests';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { formatShortDate } from '~/lib/dates';
import { RefundRequestStatus } from '~/lib/enums';
import { REFUND_REQUEST_WINDOW_DAYS } from '~/lib/refundPolicy';
import { refundRequestSchema } from '~/lib/schemas/refunds';

type Values = { reason: string };

const STATE_WORDS: Readonly<Record<number, string>> = {
  [RefundRequestStatus.Pending]: 'Refund requested: the Letsema team is looking at it.',
  [RefundRequestStatus.Refunded]: 'Refunded: the money is on its way back to you.',
  [RefundRequestStatus.Declined]: 'Refund request declined.',
};

/**
 * "Request a refund" for one donation, on /thanks (its token) and in My Donations (its id with the
 * session): the latest request's state, or a short form with the reason, within the refund window.
 */
export function RefundRequestBox({
  donationKey,
  signedIn,
}: {
  donationKey: string;
  signedIn: boolean;
}): ReactElement | null {
  const [state, setState] = useState<RefundRequestState | null>(null);
  const [open, setOpen] = useState(false);
  const [form, { Form, Field }] = useForm<Values>({
    initialValues: { reason: '' },
    validate: (values) => schemaErrors(refundRequestSchema, values, ['reason']) as FormErrors<Values>,
  });
  useEffect(() => {
    getRefundRequestState(donationKey, signedIn)
      .then((body) => setState(body.data))
      .catch(() => setState(null));
  }, [donationKey, signedIn]);
  if (!state) return null;
  const { request, cannotAsk } = state;
  const submit = async () => {
    try {
      const body = await sendRefundRequest(donationKey, (getValues(form).reason ?? '').trim(), signedIn);
      setState(body.data);
      setOpen(false);
    } catch (error) {
      notifyStoreError(error);
    }
  };
  return (
    <section aria-label="Refund" className="mt-3 space-y-2 border-t border-gray-100 pt-3 text-sm">
      {request ? (
        <p role="status" className="font-semibold text-ink">
          {STATE_WORDS[request.status] ?? ''}{' '}
          <span className="font-normal text-ink-muted">(asked {formatShortDate(request.createdAt)})</span>
          {request.decisionNote ? <span className="block font-normal">{request.decisionNote}</span> : null}
        </p>
      ) : null}
      {cannotAsk === null && !open ? (
        <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={() => setOpen(true)}>
          Request a refund
        </button>
      ) : null}
      {open ? (
        <Form onSubmit={submit} aria-label="Request a refund" className="space-y-3">
          <Field name="reason">
            {(field, props) => (
              <TextAreaField
                field={field}
                props={props}
                label="Why would you like a refund?"
                hint={`Within ${REFUND_REQUEST_WINDOW_DAYS} days of your donation. The Letsema team decides and mails you.`}
                maxLength={1000}
                rows={3}
                required
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <SubmitButton form={form} busyLabel="Sending…">
              Send request
            </SubmitButton>
            <button type="button" className="btn-outline" onClick={() => setOpen(false)}>
              Cancel
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

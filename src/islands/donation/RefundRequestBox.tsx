import { type FormErrors, getValues, useForm } from '@modular-forms/react';
import { type ReactElement, useEffect, useState } from 'react';
import { SubmitButton } from '~/islands/form/SubmitButton';
import { TextAreaField } from '~/islands/form/TextAreaField';
import { schemaErrors } from '~/islands/form/validation';
import { getRefundRequestState, type RefundRequestState, sendRefundRequest } from '~/lib/api/refundRequests';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { RefundRequestStatus } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { REFUND_REQUEST_WINDOW_DAYS } from '~/lib/refundPolicy';
import { refundRequestSchema } from '~/lib/schemas/refunds';
import { shortDateText } from '~/lib/thanksText';

type Values = { reason: string };

/** The latest request's state in the page's language. */
function stateWords(status: number): string {
  switch (status) {
    case RefundRequestStatus.Pending:
      return m.thanks_refund_pending();
    case RefundRequestStatus.Refunded:
      return m.thanks_refund_refunded();
    case RefundRequestStatus.Declined:
      return m.thanks_refund_declined();
    default:
      return '';
  }
}

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
    <section
      aria-label={m.thanks_refund_label()}
      className="mt-3 space-y-2 border-t border-gray-100 pt-3 text-sm"
    >
      {request ? (
        <p role="status" className="font-semibold text-ink">
          {stateWords(request.status)}{' '}
          <span className="font-normal text-ink-muted">
            {m.thanks_refund_asked({ date: shortDateText(request.createdAt) })}
          </span>
          {/* The Letsema team's note, in their words. */}
          {request.decisionNote ? (
            <span className="block font-normal" data-user-content>
              {request.decisionNote}
            </span>
          ) : null}
        </p>
      ) : null}
      {cannotAsk === null && !open ? (
        <button type="button" className="btn-outline px-3 py-1.5 text-sm" onClick={() => setOpen(true)}>
          {m.thanks_refund_request()}
        </button>
      ) : null}
      {open ? (
        <Form onSubmit={submit} aria-label={m.thanks_refund_request()} className="space-y-3">
          <Field name="reason">
            {(field, props) => (
              <TextAreaField
                field={field}
                props={props}
                label={m.thanks_refund_why()}
                hint={m.thanks_refund_hint({ days: REFUND_REQUEST_WINDOW_DAYS })}
                maxLength={1000}
                rows={3}
                required
              />
            )}
          </Field>
          <div className="flex flex-wrap gap-2">
            <SubmitButton form={form} busyLabel={m.thanks_sending()}>
              {m.thanks_refund_send()}
            </SubmitButton>
            <button type="button" className="btn-outline" onClick={() => setOpen(false)}>
              {m.thanks_cancel()}
            </button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

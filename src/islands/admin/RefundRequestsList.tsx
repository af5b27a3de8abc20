import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect, useState } from 'react';
import type { AdminRefundRequest } from '~/lib/api/admin';
import { formatShortDate } from '~/lib/dates';
import { paymentMethodLabel } from '~/lib/donationDisplay';
import { formatMoney } from '~/lib/money';
import { $refundRequests, decideRefundRequest, loadRefundRequests } from '~/stores/adminReports';
import { ReasonForm } from './DecisionForms';

function RequestCard({ request }: { request: AdminRefundRequest }): ReactElement {
  const [open, setOpen] = useState<'refund' | 'decline' | null>(null);
  const money = (amount: number) => formatMoney(amount, request.currency);
  return (
    <li
      className="rounded-lg border border-gray-200 bg-white p-4 text-sm"
      aria-label={`Refund request ${request.reference}`}
    >
      <p className="font-semibold">
        {request.donorName} ({request.donorEmail}) · {money(request.amount)} to{' '}
        <a
          href={`/campaign/${encodeURIComponent(request.campaignUrl)}`}
          className="text-brand-dark underline"
        >
          {request.campaignName}
        </a>
      </p>
      <p className="text-ink-muted">
        {request.reference} · {paymentMethodLabel(request.paymentMethod)} · asked{' '}
        {formatShortDate(request.createdAt)} · remains {money(request.remainingAmount)}
      </p>
      <p className="mt-1 whitespace-pre-line">{request.reason}</p>
      {open === null ? (
        <div className="mt-2 flex flex-wrap gap-2">
          <button
            type="button"
            className="btn bg-red-700 text-white hover:bg-red-800"
            onClick={() => setOpen('refund')}
          >
            Refund
          </button>
          <button type="button" className="btn-outline" onClick={() => setOpen('decline')}>
            Decline
          </button>
        </div>
      ) : null}
      {open === 'refund' ? (
        request.gatewayRefund ? (
          <div
            role="alertdialog"
            aria-label="Refund this donation"
            className="mt-2 space-y-2 rounded-md bg-red-50 p-3"
          >
            <p className="font-semibold text-red-900">
              Refund {money(request.remainingAmount)} through the gateway? The donor and the owner are mailed.
            </p>
            <div className="flex gap-2">
              <button
                type="button"
                className="btn bg-red-700 text-white hover:bg-red-800"
                onClick={() => void decideRefundRequest(request.id, { decision: 'refund' })}
              >
                Yes, refund
              </button>
              <button type="button" className="btn-outline" onClick={() => setOpen(null)}>
                Go back
              </button>
            </div>
          </div>
        ) : (
          <ReasonForm
            title="Bank reference of the refund"
            question={`Refunded ${money(request.remainingAmount)} by bank transfer? Enter its reference as the reason.`}
            submitLabel="Record the refund"
            confirmLabel="Yes, record it"
            busyLabel="Recording…"
            onSubmit={(reference) =>
              decideRefundRequest(request.id, { decision: 'refund', bankReference: reference })
            }
            onCancel={() => setOpen(null)}
          />
        )
      ) : null}
      {open === 'decline' ? (
        <ReasonForm
          title={`Decline the refund request ${request.reference}`}
          question="Decline this request? The donor receives your reason by email."
          submitLabel="Decline"
          confirmLabel="Yes, decline"
          busyLabel="Declining…"
          onSubmit={(note) => decideRefundRequest(request.id, { decision: 'decline', note })}
          onCancel={() => setOpen(null)}
        />
      ) : null}
    </li>
  );
}

/** Donors' pending refund requests, oldest first: refund or decline each. */
export function RefundRequestsList(): ReactElement {
  const requests = useStore($refundRequests);
  useEffect(() => {
    void loadRefundRequests();
  }, []);
  return (
    <section aria-labelledby="refund-requests-title" className="mt-8">
      <h2 id="refund-requests-title" className="text-xl font-bold text-ink">
        Refund requests
      </h2>
      {!requests ? (
        <p className="text-sm text-ink-muted">Loading…</p>
      ) : requests.length === 0 ? (
        <p className="text-sm">No refund requests waiting.</p>
      ) : (
        <ul className="mt-3 space-y-3">
          {requests.map((r) => (
            <RequestCard key={r.id} request={r} />
          ))}
        </ul>
      )}
    </section>
  );
}

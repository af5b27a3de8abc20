import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect, useState } from 'react';
import type { RefundableDonation } from '~/lib/api/admin';
import { formatSastDateTime } from '~/lib/dates';
import { paymentMethodLabel } from '~/lib/donationDisplay';
import { RefundKind, RefundStatus } from '~/lib/enums';
import { formatMoney } from '~/lib/money';
import {
  $campaignRefunds,
  loadCampaignRefunds,
  refundOneDonation,
  refundWholeCampaign,
} from '~/stores/adminRefunds';
import { ReasonForm } from './DecisionForms';
import { RefundForm } from './RefundForm';

const KIND_WORDS: Readonly<Record<number, string>> = {
  [RefundKind.Refund]: 'Refund',
  [RefundKind.Chargeback]: 'Chargeback',
  [RefundKind.ChargebackReversal]: 'Chargeback reversed',
};
const STATUS_WORDS: Readonly<Record<number, string>> = {
  [RefundStatus.Pending]: 'pending at the gateway',
  [RefundStatus.Completed]: 'done',
  [RefundStatus.Failed]: 'refused',
};

function DonationRow({
  campaignId,
  donation,
}: {
  campaignId: string;
  donation: RefundableDonation;
}): ReactElement {
  const [open, setOpen] = useState(false);
  const money = (amount: number) => formatMoney(amount, donation.currency);
  const left = donation.remainingAmount + donation.remainingTipAmount > 0;
  return (
    <li className="border-t border-gray-200 py-3" aria-label={`Donation ${donation.reference}`}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 text-sm">
          <p className="font-semibold">
            {donation.donorName} · {money(donation.amount)}
            {donation.tipAmount > 0 ? ` + ${money(donation.tipAmount)} tip` : ''}
          </p>
          <p className="text-ink-muted">
            {donation.reference} · {paymentMethodLabel(donation.paymentMethod)}
            {donation.settledAt ? ` · ${formatSastDateTime(donation.settledAt)}` : ''}
          </p>
          <p>{left ? `Remains: ${money(donation.remainingAmount)}` : 'Refunded in full'}</p>
          {donation.refunds.map((r) => (
            <p key={r.id} className="text-ink-muted">
              {KIND_WORDS[r.kind] ?? 'Refund'} of {money(r.amount + r.tipAmount)} (
              {STATUS_WORDS[r.status] ?? ''}){r.externalReference ? ` · ${r.externalReference}` : ''} ·{' '}
              {r.reason}
              {r.failure ? ` · ${r.failure}` : ''}
            </p>
          ))}
        </div>
        {left && !open ? (
          <button type="button" className="btn-outline" onClick={() => setOpen(true)}>
            Refund
          </button>
        ) : null}
      </div>
      {open ? (
        <RefundForm
          donation={donation}
          onSubmit={(body) => refundOneDonation(campaignId, donation.id, body)}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </li>
  );
}

/** A campaign's accepted donations with what remains of each; refund one, or every one at once. */
export default function RefundsPanel({
  campaignId,
  name,
}: {
  campaignId: string;
  name: string;
}): ReactElement {
  const refunds = useStore($campaignRefunds)[campaignId];
  const [all, setAll] = useState(false);
  useEffect(() => {
    void loadCampaignRefunds(campaignId);
  }, [campaignId]);
  if (!refunds) return <p className="mt-3 text-sm text-ink-muted">Loading the donations…</p>;
  const money = (amount: number) => formatMoney(amount, refunds.currency);
  const refundable = refunds.donations.some((d) => d.remainingAmount + d.remainingTipAmount > 0);
  return (
    <section aria-label={`Donations and refunds of ${name}`} className="mt-3 rounded-md bg-gray-50 p-3">
      <p className="text-sm">
        Raised {money(refunds.raised)} · refunded {money(refunds.refunded)}
        {refunds.owed > 0 ? (
          <strong className="text-red-800"> · owes {money(refunds.owed)} (payouts wait)</strong>
        ) : null}
      </p>
      {refundable && !all ? (
        <button
          type="button"
          className="btn mt-2 bg-red-700 text-white hover:bg-red-800"
          onClick={() => setAll(true)}
        >
          Refund all donations
        </button>
      ) : null}
      {all ? (
        <ReasonForm
          title={`Refund all donations of ${name}`}
          question={`Refund every donation of “${name}” through its gateway? Donors are mailed; bank transfers (EFT) are listed for you to refund by hand.`}
          submitLabel="Refund all"
          confirmLabel="Yes, refund all"
          busyLabel="Refunding…"
          onSubmit={(reason) => refundWholeCampaign(campaignId, reason)}
          onCancel={() => setAll(false)}
        />
      ) : null}
      {refunds.donations.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">No donations yet.</p>
      ) : (
        <ul className="mt-2">
          {refunds.donations.map((d) => (
            <DonationRow key={d.id} campaignId={campaignId} donation={d} />
          ))}
        </ul>
      )}
    </section>
  );
}

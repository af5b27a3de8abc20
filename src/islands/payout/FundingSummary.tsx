import type { ReactElement } from 'react';
import type { CampaignFundingInfo } from '~/lib/api/payouts';
import { formatMoney } from '~/lib/money';

type Currency = CampaignFundingInfo['currency'];

/** One figure of a funding overview; the amount available stands out. */
function Figure({
  term,
  amount,
  currency,
  strong = false,
}: {
  term: string;
  amount: number;
  currency: Currency | number;
  strong?: boolean;
}): ReactElement {
  return (
    <div className={`rounded-lg px-4 py-3 ${strong ? 'bg-brand text-white' : 'bg-brand-light'}`}>
      <dt className={`text-xs font-semibold ${strong ? 'text-white/90' : 'text-ink-muted'}`}>{term}</dt>
      <dd
        className={`whitespace-nowrap text-base font-extrabold sm:text-lg ${strong ? '' : 'text-brand-dark'}`}
      >
        {formatMoney(amount, currency)}
      </dd>
    </div>
  );
}

/** A campaign's money (SPEC §3 "Individual campaign funding info"): received, fees, paid out, available. */
export function FundingSummary({ funding }: { funding: CampaignFundingInfo }): ReactElement {
  const { currency } = funding;
  return (
    <>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Funding">
        <Figure term="Received" amount={funding.totalFundsReceived} currency={currency} />
        <Figure term="Fees" amount={funding.feesTotal} currency={currency} />
        <Figure term="Paid out" amount={funding.payoutTotal} currency={currency} />
        <Figure term="Available for payout" amount={funding.totalFundsAvailable} currency={currency} strong />
      </dl>
      <PayoutHoldNotice funding={funding} />
    </>
  );
}

/** Why payouts wait: staff hold them, or the campaign owes money after refunds made once its money was paid out. */
export function PayoutHoldNotice({ funding }: { funding: CampaignFundingInfo }): ReactElement | null {
  if (funding.payoutsHeldReason === null && funding.owedAmount <= 0) return null;
  return (
    <p role="note" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-ink">
      {funding.payoutsHeldReason !== null
        ? `Payouts from this campaign are on hold while Letsema reviews it.${funding.payoutsHeldReason ? ` ${funding.payoutsHeldReason}` : ''}`
        : `This campaign owes ${formatMoney(funding.owedAmount, funding.currency)} after refunds made once its money was paid out. Payouts resume once that is settled; contact us to settle it.`}
    </p>
  );
}

/** An organisation's rand totals (SPEC §3 "Organisation funding info" campaignTotals). */
export function OrganisationTotals({
  totals,
}: {
  totals: { totalAvailableForPayout: number; payoutTotal: number };
}): ReactElement {
  return (
    <dl className="grid grid-cols-2 gap-3 sm:max-w-md" aria-label="Funding">
      <Figure term="Paid out" amount={totals.payoutTotal} currency={1} />
      <Figure term="Available for payout" amount={totals.totalAvailableForPayout} currency={1} strong />
    </dl>
  );
}

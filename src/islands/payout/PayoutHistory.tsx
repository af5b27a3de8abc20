import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { LoadFailure } from '~/islands/shared/LoadFailure';
import { ShowingMore } from '~/islands/shared/ShowingMore';
import type { PayoutView } from '~/lib/api/payouts';
import { formatShortDate } from '~/lib/dates';
import { PayoutStatus } from '~/lib/enums';
import { formatMoney } from '~/lib/money';
import { $payouts, hasMorePayouts, loadMorePayouts, loadPayouts } from '~/stores/payouts';
import { payoutStatusText } from './payoutValues';

const STATUS_TONE: Readonly<Record<number, string>> = {
  [PayoutStatus.Pending]: 'bg-accent/20 text-ink',
  [PayoutStatus.Accepted]: 'bg-brand-light text-brand-dark',
  [PayoutStatus.Declined]: 'bg-red-50 text-red-800',
  [PayoutStatus.Paid]: 'bg-green-50 text-green-900',
};

function PayoutItem({ payout, showCampaigns }: { payout: PayoutView; showCampaigns: boolean }): ReactElement {
  return (
    <li className="space-y-1 rounded-lg border border-gray-200 px-4 py-3">
      <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
        <span className="font-extrabold text-ink">{formatMoney(payout.amount, payout.currency)}</span>
        <span className="text-sm text-ink-muted">{formatShortDate(payout.date)}</span>
        <span className="flex-1" />
        <span
          className={`rounded-full px-2.5 py-1 text-xs font-semibold ${STATUS_TONE[payout.status] ?? 'bg-gray-100'}`}
        >
          {payoutStatusText(payout)}
        </span>
      </div>
      {payout.description ? <p className="text-sm text-ink">{payout.description}</p> : null}
      {showCampaigns && payout.items.length > 0 ? (
        <ul className="text-sm text-ink-muted">
          {payout.items.map((item) => (
            <li key={item.campaignId}>
              {item.campaignName}: {formatMoney(item.amount, payout.currency)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}

/** The payouts of the campaign or organisation, newest first, 5 a page with 'Load more' (SPEC §3, §9). */
export function PayoutHistory({
  ownerId,
  currency,
  showCampaigns = false,
}: {
  ownerId: string;
  /** What `payoutsRaised` is counted in. */
  currency: { symbol: string } | number;
  showCampaigns?: boolean;
}): ReactElement {
  const state = useStore($payouts);
  const mine = state.ownerId === ownerId;

  if (!mine || !state.loaded) {
    if (mine && state.error)
      return (
        <LoadFailure message="We could not load your payouts." onRetry={() => void loadPayouts(ownerId)} />
      );
    return <SessionPending label="Loading your payouts…" />;
  }

  return (
    <div className="space-y-4">
      {state.payoutsRaised !== null ? (
        <p className="text-ink-muted">
          Paid out so far: <strong className="text-ink">{formatMoney(state.payoutsRaised, currency)}</strong>
        </p>
      ) : null}
      {state.items.length === 0 ? (
        <p className="text-ink-muted">No payouts have been requested yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Payouts">
          {state.items.map((payout) => (
            <PayoutItem key={payout.id} payout={payout} showCampaigns={showCampaigns} />
          ))}
        </ul>
      )}
      <ShowingMore
        list={state}
        noun={['payout', 'payouts']}
        hasMore={hasMorePayouts(state)}
        onMore={() => void loadMorePayouts()}
      />
    </div>
  );
}

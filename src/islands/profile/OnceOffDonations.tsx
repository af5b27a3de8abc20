import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect, useRef } from 'react';
import type { UserDonation } from '~/lib/api/myDonations';
import { campaignHref } from '~/lib/campaignDisplay';
import { formatShortDate } from '~/lib/dates';
import { donationStatusLabel, paymentMethodLabel } from '~/lib/donationDisplay';
import { formatMoney } from '~/lib/money';
import { SITE_LINKS } from '~/lib/siteLinks';
import { $onceOffDonations, loadOnceOffDonations } from '~/stores/myDonations';
import { SessionPending } from '../SessionPending';
import { DetailRow, ListLoadFailed, rowClass } from './donationParts';
import { ListPager } from './ListPager';

function OnceOffRow({ donation }: { donation: UserDonation }): ReactElement {
  const currency = donation.transactionInfo?.currency ?? donation.currencyId;
  const feeLabel = donation.transactionInfo?.adminFeeCovered ? 'Admin fee' : 'Tip';
  return (
    <li className={rowClass}>
      <h3 className="font-semibold text-ink">
        <a href={campaignHref(donation.campaign.url)} className="text-brand-dark hover:underline">
          {donation.campaign.name}
        </a>
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <DetailRow term="Date">{formatShortDate(donation.createdAt)}</DetailRow>
        <DetailRow term="Amount">{formatMoney(donation.amount, currency)}</DetailRow>
        <DetailRow term={feeLabel}>{formatMoney(donation.tipOrAdminFeeAmount, currency)}</DetailRow>
        <DetailRow term="Status">{donationStatusLabel(donation.status)}</DetailRow>
        <DetailRow term="Payment method">{paymentMethodLabel(donation.paymentMethod)}</DetailRow>
      </dl>
    </li>
  );
}

/** The once-off list of My Donations: 5 a page, newest first. */
export function OnceOffDonations(): ReactElement {
  const state = useStore($onceOffDonations);
  const list = useRef<HTMLUListElement>(null);
  const paged = useRef(false);

  useEffect(() => {
    void loadOnceOffDonations(1);
  }, []);

  // After a page change the keyboard starts again at the top of the new page.
  useEffect(() => {
    if (!paged.current || state.loading) return;
    paged.current = false;
    list.current?.focus();
  }, [state.loading]);

  if (!state.loaded) {
    return state.error ? (
      <ListLoadFailed what="once-off donations" onRetry={() => void loadOnceOffDonations(1)} />
    ) : (
      <SessionPending label="Loading your once-off donations…" />
    );
  }

  if (state.items.length === 0) {
    return (
      <div className="space-y-3">
        <p className="text-ink-muted">You have not made a once-off donation while logged in yet.</p>
        <a href={SITE_LINKS.findCampaign} className="btn-primary">
          Find a campaign
        </a>
      </div>
    );
  }

  return (
    <div className="space-y-4">
      <ul
        ref={list}
        tabIndex={-1}
        aria-label="Your once-off donations"
        aria-busy={state.loading}
        className="space-y-3 outline-none"
      >
        {state.items.map((donation) => (
          <OnceOffRow key={donation.jwtTokenStringDonationId} donation={donation} />
        ))}
      </ul>
      {state.error ? (
        <p role="alert" className="text-sm text-red-700">
          We could not load that page. Try again.
        </p>
      ) : null}
      <ListPager
        label="Once-off donations pages"
        pageNo={state.pageNo}
        pageCount={state.pageCount}
        loading={state.loading}
        onPage={(pageNo) => {
          paged.current = true;
          void loadOnceOffDonations(pageNo);
        }}
      />
    </div>
  );
}

import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import { RefundRequestBox } from '~/islands/donation/RefundRequestBox';
import type { UserDonation } from '~/lib/api/myDonations';
import { campaignHref } from '~/lib/campaignDisplay';
import { formatShortDate } from '~/lib/dates';
import { donorDonationStateLabel, paymentMethodLabel } from '~/lib/donationDisplay';
import { DonationStatus } from '~/lib/enums';
import { formatMoney } from '~/lib/money';
import { SITE_LINKS } from '~/lib/siteLinks';
import { $onceOffDonations, loadOnceOffDonations } from '~/stores/myDonations';
import { DetailRow, rowClass } from './donationParts';
import { PagedDonationList } from './PagedDonationList';
import { TaxReceipt } from './TaxReceipt';

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
        <DetailRow term="Status">
          {donorDonationStateLabel(donation.status, donation.refunded, currency)}
        </DetailRow>
        <DetailRow term="Payment method">{paymentMethodLabel(donation.paymentMethod)}</DetailRow>
        {donation.receipt.issued ? (
          <DetailRow term="Tax receipt">No. {donation.receipt.issued.numberText}</DetailRow>
        ) : null}
      </dl>
      <TaxReceipt
        donation={donation}
        what={`your donation of ${formatShortDate(donation.createdAt)} to ${donation.campaign.name}`}
      />
      {donation.status === DonationStatus.Accepted ? (
        <RefundRequestBox donationKey={donation.id} signedIn />
      ) : null}
    </li>
  );
}

/** The once-off list of My Donations: 5 a page, newest first. */
export function OnceOffDonations(): ReactElement {
  const state = useStore($onceOffDonations);
  return (
    <PagedDonationList
      state={state}
      load={loadOnceOffDonations}
      what="once-off donations"
      keyOf={(donation) => donation.jwtTokenStringDonationId}
      renderItem={(donation) => <OnceOffRow donation={donation} />}
      empty={
        <>
          <p className="text-ink-muted">You have not made a once-off donation while logged in yet.</p>
          <a href={SITE_LINKS.findCampaign} className="btn-primary">
            Find a campaign
          </a>
        </>
      }
    />
  );
}

import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import { RefundRequestBox } from '~/islands/donation/RefundRequestBox';
import type { UserDonation } from '~/lib/api/myDonations';
import { campaignHref, formatLocalShortDate } from '~/lib/campaignDisplay';
import { donorDonationStateLabel, paymentMethodLabel } from '~/lib/donationDisplay';
import { DonationStatus } from '~/lib/enums';
import { href, m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { SITE_LINKS } from '~/lib/siteLinks';
import { $onceOffDonations, loadOnceOffDonations } from '~/stores/myDonations';
import { DetailRow, rowClass } from './donationParts';
import { PagedDonationList } from './PagedDonationList';
import { TaxReceipt } from './TaxReceipt';

function OnceOffRow({ donation }: { donation: UserDonation }): ReactElement {
  const currency = donation.transactionInfo?.currency ?? donation.currencyId;
  const feeLabel = donation.transactionInfo?.adminFeeCovered ? m.profile_admin_fee() : m.profile_tip();
  const date = formatLocalShortDate(donation.createdAt);
  return (
    <li className={rowClass}>
      <h3 className="font-semibold text-ink" data-user-content>
        <a href={href(campaignHref(donation.campaign.url))} className="text-brand-dark hover:underline">
          {donation.campaign.name}
        </a>
      </h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <DetailRow term={m.profile_date()}>{date}</DetailRow>
        <DetailRow term={m.profile_amount()}>{formatMoney(donation.amount, currency)}</DetailRow>
        <DetailRow term={feeLabel}>{formatMoney(donation.tipOrAdminFeeAmount, currency)}</DetailRow>
        <DetailRow term={m.profile_status()}>
          {donorDonationStateLabel(donation.status, donation.refunded, currency)}
        </DetailRow>
        <DetailRow term={m.profile_payment_method()}>{paymentMethodLabel(donation.paymentMethod)}</DetailRow>
        {donation.receipt.issued ? (
          <DetailRow term={m.profile_tax_receipt()}>
            {m.profile_number({ number: donation.receipt.issued.numberText })}
          </DetailRow>
        ) : null}
      </dl>
      <TaxReceipt
        donation={donation}
        what={m.profile_receipt_for_donation({ date, campaign: donation.campaign.name })}
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
      texts={{
        loading: m.profile_once_off_loading(),
        failed: m.profile_once_off_failed(),
        list: m.profile_once_off_list(),
        pages: m.profile_once_off_pages(),
      }}
      keyOf={(donation) => donation.jwtTokenStringDonationId}
      renderItem={(donation) => <OnceOffRow donation={donation} />}
      empty={
        <>
          <p className="text-ink-muted">{m.profile_once_off_empty()}</p>
          <a href={href(SITE_LINKS.findCampaign)} className="btn-primary">
            {m.profile_find_campaign()}
          </a>
        </>
      }
    />
  );
}

import { useStore } from '@nanostores/react';
import { type ReactElement, useState } from 'react';
import { ReceiptRequest } from '~/islands/donation/ReceiptRequest';
import type { UserDonation } from '~/lib/api/myDonations';
import { campaignHref } from '~/lib/campaignDisplay';
import { formatShortDate } from '~/lib/dates';
import { donationStatusLabel, paymentMethodLabel } from '~/lib/donationDisplay';
import { DonationStatus } from '~/lib/enums';
import { formatMoney } from '~/lib/money';
import { SITE_LINKS } from '~/lib/siteLinks';
import { $onceOffDonations, loadOnceOffDonations } from '~/stores/myDonations';
import { DetailRow, rowClass } from './donationParts';
import { PagedDonationList } from './PagedDonationList';

interface RowProps {
  donation: UserDonation;
  /** This row's receipt form is open (one at a time: the form's inputs have fixed ids). */
  receiptOpen: boolean;
  onToggleReceipt: () => void;
}

/** A Section 18A receipt for an accepted donation to a PBO: the form, or the download once issued. */
function TaxReceipt({ donation, receiptOpen, onToggleReceipt }: RowProps): ReactElement | null {
  const { receipt } = donation;
  if (!receipt.qualifies || donation.status !== DonationStatus.Accepted) return null;
  if (!receiptOpen) {
    return (
      <button type="button" className="btn-outline mt-3 px-3 py-1.5 text-sm" onClick={onToggleReceipt}>
        {receipt.issued ? 'Download receipt' : 'Tax receipt'}
      </button>
    );
  }
  return (
    <div className="mt-3 space-y-3 border-t border-gray-100 pt-3">
      <h4 className="font-semibold text-ink">Section 18A tax receipt</h4>
      <ReceiptRequest
        donationKey={donation.id}
        signedIn
        issued={receipt.issued}
        defaultName={`${donation.firstName} ${donation.lastName}`.trim()}
      />
      <button type="button" className="text-sm font-semibold text-brand underline" onClick={onToggleReceipt}>
        Close
      </button>
    </div>
  );
}

function OnceOffRow(props: RowProps): ReactElement {
  const { donation } = props;
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
        {donation.receipt.issued ? (
          <DetailRow term="Tax receipt">No. {donation.receipt.issued.numberText}</DetailRow>
        ) : null}
      </dl>
      <TaxReceipt {...props} />
    </li>
  );
}

/** The once-off list of My Donations: 5 a page, newest first. */
export function OnceOffDonations(): ReactElement {
  const state = useStore($onceOffDonations);
  const [receiptFor, setReceiptFor] = useState<string | null>(null);
  return (
    <PagedDonationList
      state={state}
      load={loadOnceOffDonations}
      what="once-off donations"
      keyOf={(donation) => donation.jwtTokenStringDonationId}
      renderItem={(donation) => (
        <OnceOffRow
          donation={donation}
          receiptOpen={receiptFor === donation.id}
          onToggleReceipt={() => setReceiptFor((open) => (open === donation.id ? null : donation.id))}
        />
      )}
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

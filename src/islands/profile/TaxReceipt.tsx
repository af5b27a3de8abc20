import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import { ReceiptRequest } from '~/islands/donation/ReceiptRequest';
import type { UserDonation } from '~/lib/api/myDonations';
import { DonationStatus } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { fullName } from '~/lib/people';
import { $receiptFormFor, toggleReceiptForm } from '~/stores/myDonations';

/**
 * A Section 18A receipt for an accepted donation to a PBO, once-off or a monthly charge: a button
 * that opens the form, or the download once issued; nothing for a donation that cannot have one.
 */
export function TaxReceipt({
  donation,
  what,
}: {
  donation: UserDonation;
  /** For screen readers after the button's name: 'for your donation of 05 Mar '26 to Rain tanks'. */
  what: string;
}): ReactElement | null {
  const openFor = useStore($receiptFormFor);
  const { receipt } = donation;
  if (!receipt.qualifies || donation.status !== DonationStatus.Accepted) return null;
  if (openFor !== donation.id) {
    return (
      <button
        type="button"
        className="btn-outline mt-3 px-3 py-1.5 text-sm"
        onClick={() => toggleReceiptForm(donation.id)}
      >
        {receipt.issued ? m.profile_download_receipt() : m.profile_tax_receipt()}
        <span className="sr-only"> {what}</span>
      </button>
    );
  }
  return (
    <div className="mt-3 space-y-3 border-t border-gray-100 pt-3">
      <h4 className="font-semibold text-ink">{m.profile_section18a_receipt()}</h4>
      <ReceiptRequest
        donationKey={donation.id}
        signedIn
        issued={receipt.issued}
        defaultName={fullName(donation)}
      />
      <button
        type="button"
        className="text-sm font-semibold text-brand underline"
        onClick={() => toggleReceiptForm(donation.id)}
      >
        {m.profile_close()}
      </button>
    </div>
  );
}

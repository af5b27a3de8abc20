import { useStore } from '@nanostores/react';
import type { ReactElement } from 'react';
import type { Recurrence, UserDonation } from '~/lib/api/myDonations';
import { formatLocalShortDate } from '~/lib/campaignDisplay';
import { donorDonationStateLabel } from '~/lib/donationDisplay';
import { m } from '~/lib/i18n';
import { formatMoney } from '~/lib/money';
import { recurringCharges } from '~/stores/myDonations';
import { DetailRow } from './donationParts';
import { PagedDonationList } from './PagedDonationList';
import { TaxReceipt } from './TaxReceipt';

function ChargeRow({ charge, campaignName }: { charge: UserDonation; campaignName: string }): ReactElement {
  const currency = charge.transactionInfo?.currency ?? charge.currencyId;
  const date = formatLocalShortDate(charge.createdAt);
  return (
    <li className="border-t border-gray-100 pt-3 first:border-t-0 first:pt-0">
      <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
        <DetailRow term={m.profile_date()}>{date}</DetailRow>
        <DetailRow term={m.profile_amount()}>{formatMoney(charge.amount, currency)}</DetailRow>
        <DetailRow term={m.profile_status()}>
          {donorDonationStateLabel(charge.status, charge.refunded, currency)}
        </DetailRow>
        {charge.receipt.issued ? (
          <DetailRow term={m.profile_tax_receipt()}>
            {m.profile_number({ number: charge.receipt.issued.numberText })}
          </DetailRow>
        ) : null}
      </dl>
      <TaxReceipt donation={charge} what={m.profile_receipt_for_payment({ date, campaign: campaignName })} />
    </li>
  );
}

/**
 * The payments a monthly donation has made, 5 a page, newest first: each accepted one to a public
 * benefit organisation can have its own Section 18A receipt, as a once-off donation can.
 */
export function RecurringCharges({ recurrence }: { recurrence: Recurrence }): ReactElement {
  const { store, load } = recurringCharges(recurrence.donationSchedulerId);
  const state = useStore(store);
  const name = recurrence.campaign.name;
  return (
    <section className="mt-3 rounded-md bg-gray-50 p-3" aria-label={m.profile_payments_section({ name })}>
      <PagedDonationList
        state={state}
        load={load}
        texts={{
          loading: m.profile_payments_loading({ name }),
          failed: m.profile_payments_failed({ name }),
          list: m.profile_payments_list({ name }),
          pages: m.profile_payments_pages({ name }),
        }}
        keyOf={(charge) => charge.id}
        renderItem={(charge) => <ChargeRow charge={charge} campaignName={name} />}
        empty={<p className="text-sm text-ink-muted">{m.profile_no_payments()}</p>}
      />
    </section>
  );
}

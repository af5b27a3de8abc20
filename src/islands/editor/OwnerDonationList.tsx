import { type ReactElement, type ReactNode, useCallback, useState } from 'react';
import { CsvExportButton } from '~/islands/shared/CsvExportButton';
import { Figures } from '~/islands/shared/Figures';
import { PagedLoadView } from '~/islands/shared/PagedLoadView';
import { usePagedLoad } from '~/islands/shared/usePagedLoad';
import {
  type DonorsOf,
  getOwnerDonations,
  getOwnerDonationsCsv,
  type OwnerDonation,
  type OwnerDonationPage,
} from '~/lib/api/ownerDonations';
import { formatShortDate } from '~/lib/dates';
import { paymentMethodLabel } from '~/lib/donationDisplay';
import { formatMoney } from '~/lib/money';
import { ThankDonorsForm } from './ThankDonorsForm';

const PAGE_SIZE = 20;

/** Who is being thanked: everyone (null donation) or one donation's donor. */
type Thanking = { donation: OwnerDonation | null } | null;

function Totals({ page }: { page: OwnerDonationPage }): ReactElement {
  return (
    <div className="space-y-2">
      {page.totals.map((t) => {
        const money = (amount: number): string => formatMoney(amount, t.currency);
        return (
          <Figures
            key={t.currency.ticker}
            className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-gray-50 p-4 text-sm sm:grid-cols-4"
            label={`Totals in ${t.currency.ticker}`}
            valueClassName="text-lg font-bold"
            figures={[
              { label: 'Donations', value: t.count },
              { label: 'Received', value: money(t.gross) },
              t.refunded > 0 ? { label: 'Refunded', value: money(t.refunded) } : null,
              { label: 'Fees', value: money(t.fees) },
              { label: 'Net', value: money(t.net), valueClassName: 'text-lg font-bold text-brand-dark' },
            ]}
          />
        );
      })}
    </div>
  );
}

function DonationItem({
  donation,
  showCampaign,
  onThank,
  children,
}: {
  donation: OwnerDonation;
  showCampaign: boolean;
  onThank: (() => void) | null;
  /** The thank-you form, when open for this donor. */
  children?: ReactNode;
}): ReactElement {
  const money = (amount: number): string => formatMoney(amount, donation.currency);
  return (
    <li className="space-y-1 border-b border-gray-200 py-3">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3">
        <p className="font-semibold text-ink">{donation.donorName}</p>
        <p className="font-bold text-ink">{money(donation.amount)}</p>
      </div>
      <p className="text-sm text-ink-muted">
        {formatShortDate(donation.createdAt)} · {paymentMethodLabel(donation.paymentMethod)}
        {donation.recurring ? ' · Monthly' : ''} · Ref. {donation.reference}
      </p>
      <p className="text-sm">
        {donation.refundedAmount > 0 ? (
          <span className="font-semibold text-amber-800">
            {donation.refundedAmount >= donation.amount ? 'Refunded' : 'Partly refunded'}{' '}
            {money(donation.refundedAmount)} ·{' '}
          </span>
        ) : null}
        Fee {money(donation.feeAmount)} ·{' '}
        <span className="font-semibold">Net {money(donation.netAmount)}</span>
      </p>
      {showCampaign ? <p className="text-sm text-ink-muted">Campaign: {donation.campaign.name}</p> : null}
      {donation.comment ? <p className="whitespace-pre-line text-sm italic">“{donation.comment}”</p> : null}
      {onThank ? (
        <button type="button" className="text-sm font-semibold text-brand underline" onClick={onThank}>
          Thank {donation.donorName === 'Anonymous' ? 'this donor' : donation.donorName}
        </button>
      ) : null}
      {children}
    </li>
  );
}

/**
 * Who gave: the counted donations, newest first, with fee and net and the totals of every page,
 * and the CSV of them all. Donors' emails and phones are never here (the server leaves them out).
 * A campaign's list (`canThank`) also writes thank-you messages, to one donor or all.
 */
export function OwnerDonationList({
  of,
  fileName,
  canThank = false,
}: {
  of: DonorsOf;
  fileName: string;
  canThank?: boolean;
}): ReactElement {
  const fetchPage = useCallback(
    async (pageNo: number): Promise<OwnerDonationPage> =>
      (await getOwnerDonations(of, pageNo, PAGE_SIZE)).data,
    [of],
  );
  const paged = usePagedLoad(fetchPage);
  const [thanking, setThanking] = useState<Thanking>(null);

  const hasAny = (paged.data?.paginationMetadata.totalCount ?? 0) > 0;
  const thankForm = (donation: OwnerDonation | null): ReactElement => (
    <ThankDonorsForm
      campaignId={of.id}
      donationId={donation?.id ?? null}
      donorName={donation ? donation.donorName : null}
      onDone={() => setThanking(null)}
    />
  );
  return (
    <section aria-labelledby="donations-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="donations-title" className="text-xl font-bold text-ink">
            Donations
          </h2>
          <p className="text-sm text-ink-muted">
            Every donation received, with what was refunded of it, the fee kept and what remains for payout.
            Donors' email addresses and phone numbers stay private.
          </p>
        </div>
        {hasAny ? (
          <div className="flex flex-wrap gap-2">
            <CsvExportButton
              download={() => getOwnerDonationsCsv(of)}
              fileName={fileName}
              className="btn-outline px-4 py-2"
            />
            {canThank ? (
              <button
                type="button"
                className="btn-primary px-4 py-2"
                onClick={() => setThanking({ donation: null })}
              >
                Thank all donors
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      {thanking && !thanking.donation ? thankForm(null) : null}
      <PagedLoadView
        paged={paged}
        texts={{
          failed: 'We could not load the donations.',
          loading: 'Loading donations…',
          empty: 'No donations yet. They appear here once their payment is received.',
          pages: 'Donation pages',
        }}
      >
        {(page) => (
          <>
            <Totals page={page} />
            <ul aria-label="Donations, newest first">
              {page.items.map((donation) => (
                <DonationItem
                  key={donation.id}
                  donation={donation}
                  showCampaign={of.kind === 'organizations'}
                  onThank={canThank ? () => setThanking({ donation }) : null}
                >
                  {thanking?.donation?.id === donation.id ? thankForm(donation) : null}
                </DonationItem>
              ))}
            </ul>
          </>
        )}
      </PagedLoadView>
    </section>
  );
}

import { type ReactElement, type ReactNode, useCallback, useEffect, useState } from 'react';
import { ListPager } from '~/islands/profile/ListPager';
import {
  type DonorsOf,
  getOwnerDonations,
  getOwnerDonationsCsv,
  type OwnerDonation,
  type OwnerDonationPage,
} from '~/lib/api/ownerDonations';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { saveBlob } from '~/lib/browser/browserFiles';
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
          <dl
            key={t.currency.ticker}
            className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg bg-gray-50 p-4 text-sm sm:grid-cols-4"
            aria-label={`Totals in ${t.currency.ticker}`}
          >
            <div>
              <dt className="text-ink-muted">Donations</dt>
              <dd className="text-lg font-bold">{t.count}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Received</dt>
              <dd className="text-lg font-bold">{money(t.gross)}</dd>
            </div>
            {t.refunded > 0 ? (
              <div>
                <dt className="text-ink-muted">Refunded</dt>
                <dd className="text-lg font-bold">{money(t.refunded)}</dd>
              </div>
            ) : null}
            <div>
              <dt className="text-ink-muted">Fees</dt>
              <dd className="text-lg font-bold">{money(t.fees)}</dd>
            </div>
            <div>
              <dt className="text-ink-muted">Net</dt>
              <dd className="text-lg font-bold text-brand-dark">{money(t.net)}</dd>
            </div>
          </dl>
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
  const [page, setPage] = useState<OwnerDonationPage | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const [exporting, setExporting] = useState(false);
  const [thanking, setThanking] = useState<Thanking>(null);

  const load = useCallback(
    async (pageNo: number): Promise<void> => {
      setLoading(true);
      setFailed(null);
      try {
        setPage((await getOwnerDonations(of, pageNo, PAGE_SIZE)).data);
      } catch (error) {
        notifyStoreError(error);
        setFailed('We could not load the donations.');
      } finally {
        setLoading(false);
      }
    },
    [of],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  const exportCsv = async (): Promise<void> => {
    setExporting(true);
    try {
      saveBlob(await getOwnerDonationsCsv(of), fileName);
    } catch (error) {
      notifyStoreError(error);
    } finally {
      setExporting(false);
    }
  };

  const hasAny = (page?.paginationMetadata.totalCount ?? 0) > 0;
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
            <button
              type="button"
              className="btn-outline px-4 py-2"
              onClick={exportCsv}
              disabled={exporting}
              aria-busy={exporting || undefined}
            >
              {exporting ? 'Exporting…' : 'Export CSV'}
            </button>
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
      {failed ? (
        <div role="alert" className="space-y-3">
          <p>{failed}</p>
          <button
            type="button"
            className="btn-outline px-4 py-2"
            onClick={() => void load(page?.paginationMetadata.pageNo ?? 1)}
          >
            Try again
          </button>
        </div>
      ) : !page ? (
        <p className="text-ink-muted">Loading donations…</p>
      ) : !hasAny ? (
        <p className="text-ink-muted">No donations yet. They appear here once their payment is received.</p>
      ) : (
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
          <ListPager
            label="Donation pages"
            pageNo={page.paginationMetadata.pageNo}
            pageCount={page.paginationMetadata.pageCount}
            loading={loading}
            onPage={(pageNo) => void load(pageNo)}
          />
        </>
      )}
    </section>
  );
}

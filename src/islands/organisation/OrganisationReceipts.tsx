import { type ReactElement, useCallback, useEffect, useState } from 'react';
import { ListPager } from '~/islands/profile/ListPager';
import {
  getOrganisationReceipts,
  getOrganisationReceiptsCsv,
  type OrganisationReceipt,
} from '~/lib/api/receipts';
import { notifyStoreError } from '~/lib/api/storeErrors';
import { saveBlob } from '~/lib/browser/browserFiles';
import type { Pagination } from '~/lib/contracts/common';
import type { MyOrganisationView } from '~/lib/contracts/organisations';
import { formatShortDate } from '~/lib/dates';
import { formatMoney } from '~/lib/money';
import { YearlyCertificates } from './YearlyCertificates';

const PAGE_SIZE = 20;

interface Loaded {
  items: OrganisationReceipt[];
  page: Pagination;
}

/**
 * The Section 18A receipts the organisation issued, newest first, and all of them as CSV for its
 * SARS reconciliation (Owners and Admins: the server decides, this tab is shown only to them).
 */
export function OrganisationReceipts({ organisation }: { organisation: MyOrganisationView }): ReactElement {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [exporting, setExporting] = useState(false);

  const load = useCallback(
    async (pageNo: number): Promise<void> => {
      setLoading(true);
      setFailed(false);
      try {
        const { data } = await getOrganisationReceipts(organisation.id, pageNo, PAGE_SIZE);
        setLoaded({ items: data.items, page: data.paginationMetadata });
      } catch (error) {
        setFailed(true);
        notifyStoreError(error);
      } finally {
        setLoading(false);
      }
    },
    [organisation.id],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  const exportCsv = async (): Promise<void> => {
    setExporting(true);
    try {
      saveBlob(
        await getOrganisationReceiptsCsv(organisation.id),
        `section-18a-receipts-${organisation.url}.csv`,
      );
    } catch (error) {
      notifyStoreError(error);
    } finally {
      setExporting(false);
    }
  };

  const hasAny = (loaded?.page.totalCount ?? 0) > 0;
  return (
    <section aria-labelledby="receipts-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="receipts-title" className="text-xl font-bold text-ink">
            Section 18A receipts
          </h2>
          <p className="text-sm text-ink-muted">
            {organisation.pboNumber
              ? `Issued in your name with PBO reference number ${organisation.pboNumber}, numbered without gaps.`
              : 'Add your PBO reference number on the Profile tab so donors can ask for receipts.'}
          </p>
        </div>
        {hasAny ? (
          <button
            type="button"
            className="btn-outline"
            onClick={exportCsv}
            disabled={exporting}
            aria-busy={exporting || undefined}
          >
            {exporting ? 'Exporting…' : 'Export CSV'}
          </button>
        ) : null}
      </div>
      {failed ? (
        <div role="alert" className="space-y-3">
          <p>We could not load your receipts.</p>
          <button type="button" className="btn-outline" onClick={() => void load(loaded?.page.pageNo ?? 1)}>
            Try again
          </button>
        </div>
      ) : !loaded ? (
        <p className="text-ink-muted">Loading receipts…</p>
      ) : !hasAny ? (
        <p className="text-ink-muted">
          No receipts yet. Donors ask for one after their donation is received.
        </p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">Receipts, newest first</caption>
              <thead>
                <tr className="border-b border-gray-300">
                  <th scope="col" className="py-2 pr-4">
                    No.
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Issued
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Donor
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    ID or tax number
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right">
                    Amount
                  </th>
                  <th scope="col" className="py-2">
                    Campaign
                  </th>
                </tr>
              </thead>
              <tbody>
                {loaded.items.map((receipt) => (
                  <tr key={receipt.id} className="border-b border-gray-200 align-top">
                    <td className="py-2 pr-4 font-semibold">
                      {receipt.numberText}
                      {receipt.cancelledAt ? (
                        <span className="ml-1 text-red-800">(cancelled: refunded)</span>
                      ) : null}
                    </td>
                    <td className="py-2 pr-4 whitespace-nowrap">{formatShortDate(receipt.issuedAt)}</td>
                    <td className="py-2 pr-4">
                      {receipt.donorName}
                      <span className="block text-xs text-ink-muted break-all">{receipt.donorEmail}</span>
                    </td>
                    <td className="py-2 pr-4">{receipt.donorTaxNumber}</td>
                    <td className="py-2 pr-4 text-right whitespace-nowrap">
                      {formatMoney(receipt.amount, receipt.currencyId)}
                    </td>
                    <td className="py-2">{receipt.campaignName}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ListPager
            label="Receipt pages"
            pageNo={loaded.page.pageNo}
            pageCount={loaded.page.pageCount}
            loading={loading}
            onPage={(pageNo) => void load(pageNo)}
          />
        </>
      )}
      <YearlyCertificates organisation={organisation} />
    </section>
  );
}

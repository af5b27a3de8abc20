import { type ReactElement, useCallback } from 'react';
import { ListPager } from '~/islands/profile/ListPager';
import { CsvExportButton } from '~/islands/shared/CsvExportButton';
import { LoadFailure } from '~/islands/shared/LoadFailure';
import { TableHead } from '~/islands/shared/TableHead';
import { usePagedLoad } from '~/islands/shared/usePagedLoad';
import {
  getOrganisationReceipts,
  getOrganisationReceiptsCsv,
  type OrganisationReceipt,
} from '~/lib/api/receipts';
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
  const fetchPage = useCallback(
    async (pageNo: number): Promise<Loaded> => {
      const { data } = await getOrganisationReceipts(organisation.id, pageNo, PAGE_SIZE);
      return { items: data.items, page: data.paginationMetadata };
    },
    [organisation.id],
  );
  const { data: loaded, loading, failed, load } = usePagedLoad(fetchPage);

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
          <CsvExportButton
            download={() => getOrganisationReceiptsCsv(organisation.id)}
            fileName={`section-18a-receipts-${organisation.url}.csv`}
          />
        ) : null}
      </div>
      {failed ? (
        <LoadFailure
          message="We could not load your receipts."
          onRetry={() => void load(loaded?.page.pageNo ?? 1)}
        />
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
              <TableHead
                rowClassName="border-b border-gray-300"
                columns={[
                  ['No.', 'py-2 pr-4'],
                  ['Issued', 'py-2 pr-4'],
                  ['Donor', 'py-2 pr-4'],
                  ['ID or tax number', 'py-2 pr-4'],
                  ['Amount', 'py-2 pr-4 text-right'],
                  ['Campaign', 'py-2'],
                ]}
              />
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

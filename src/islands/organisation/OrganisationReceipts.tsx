import { type ReactElement, useCallback } from 'react';
import { CsvExportButton } from '~/islands/shared/CsvExportButton';
import { PagedLoadView } from '~/islands/shared/PagedLoadView';
import { TableHead } from '~/islands/shared/TableHead';
import { usePagedLoad } from '~/islands/shared/usePagedLoad';
import { getOrganisationReceipts, getOrganisationReceiptsCsv } from '~/lib/api/receipts';
import type { MyOrganisationView } from '~/lib/contracts/organisations';
import type { OrganisationReceiptPage } from '~/lib/contracts/receipts';
import { formatShortDate } from '~/lib/dates';
import { formatMoney } from '~/lib/money';
import { YearlyCertificates } from './YearlyCertificates';

const PAGE_SIZE = 20;

/**
 * The Section 18A receipts the organisation issued, newest first, and all of them as CSV for its
 * SARS reconciliation (Owners and Admins: the server decides, this tab is shown only to them).
 */
export function OrganisationReceipts({ organisation }: { organisation: MyOrganisationView }): ReactElement {
  const fetchPage = useCallback(
    async (pageNo: number): Promise<OrganisationReceiptPage> =>
      (await getOrganisationReceipts(organisation.id, pageNo, PAGE_SIZE)).data,
    [organisation.id],
  );
  const paged = usePagedLoad(fetchPage);

  const hasAny = (paged.data?.paginationMetadata.totalCount ?? 0) > 0;
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
      <PagedLoadView
        paged={paged}
        texts={{
          failed: 'We could not load your receipts.',
          loading: 'Loading receipts…',
          empty: 'No receipts yet. Donors ask for one after their donation is received.',
          pages: 'Receipt pages',
        }}
      >
        {(page) => (
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
                {page.items.map((receipt) => (
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
        )}
      </PagedLoadView>
      <YearlyCertificates organisation={organisation} />
    </section>
  );
}

import { southAfricanDate } from '~/lib/dates';
import { fromCents } from '~/lib/money';
import { receiptNumberText } from '~/lib/receipts';
import { csvFigure, csvText } from '~/lib/server/platform/csv';
import type { ReceiptRecord } from './receiptRecords';

/** An organisation's receipts as CSV for its SARS reconciliation (platform/csv.ts neutralises formulas). */

export const RECEIPT_CSV_COLUMNS = [
  'Receipt number',
  'Date issued',
  'Donation date',
  'Donor name',
  'ID or tax number',
  'Address',
  'Email',
  'Amount',
  'Currency',
  'Campaign',
  'Donation reference',
  'Status',
] as const;

const CURRENCY_CODES: Readonly<Record<number, string>> = { 1: 'ZAR', 2: 'USD' };

function rowOf(record: ReceiptRecord): string[] {
  return [
    receiptNumberText(record.number),
    southAfricanDate(record.issuedAt),
    southAfricanDate(record.donatedAt),
    record.donorName,
    record.donorTaxNumber,
    record.donorAddress.replace(/\n/g, ', '),
    record.donorEmail,
    csvFigure(fromCents(record.amount)),
    CURRENCY_CODES[record.currencyId] ?? String(record.currencyId),
    record.campaignName,
    record.donationReference,
    record.cancelledAt
      ? `Cancelled ${southAfricanDate(record.cancelledAt)}: ${record.cancelReason ?? 'refunded'}`
      : 'Issued',
  ];
}

/** The CSV text, a header line first. */
export function receiptsCsv(records: readonly ReceiptRecord[]): string {
  return csvText(RECEIPT_CSV_COLUMNS, records.map(rowOf));
}

import { southAfricanDate } from '~/lib/dates';
import { formatMoney, fromCents } from '~/lib/money';
import { receiptNumberText } from '~/lib/receipts';
import type { ReceiptRecord } from './receiptRecords';

/**
 * An organisation's receipts as CSV (RFC 4180) for its SARS reconciliation. Donors type their
 * names and addresses, and a spreadsheet runs a cell that starts with = + - @ (or a tab or
 * carriage return before one) as a formula: such a cell gets a leading apostrophe, which
 * spreadsheets show as text and do not run.
 */

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
] as const;

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula starts neutralised, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

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
    // Figures only (1250.00), so a spreadsheet sums them; the currency has its own column.
    formatMoney(fromCents(record.amount), { symbol: '' }).replace(/ /g, ''),
    CURRENCY_CODES[record.currencyId] ?? String(record.currencyId),
    record.campaignName,
    record.donationReference,
  ];
}

/** The CSV text, a header line first, lines ending CRLF. */
export function receiptsCsv(records: readonly ReceiptRecord[]): string {
  const lines = [[...RECEIPT_CSV_COLUMNS], ...records.map(rowOf)].map((cells) =>
    cells.map(csvCell).join(','),
  );
  return `${lines.join('\r\n')}\r\n`;
}

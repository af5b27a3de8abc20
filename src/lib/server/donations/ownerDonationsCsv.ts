import type { OwnerDonation } from '~/lib/contracts/donations';
import { southAfricanDate } from '~/lib/dates';
import { donationStatusLabel, paymentMethodLabel } from '~/lib/donationDisplay';
import { formatMoney } from '~/lib/money';
import { csvCell } from '~/lib/server/receipts/receiptCsv';

/**
 * Who gave, as CSV (RFC 4180, CRLF): the columns of the owner's list, never an email or phone.
 * Donors type their display names and comments, so every cell goes through the receipts' csvCell,
 * which neutralises a formula (a leading = + - @ tab or CR gets an apostrophe).
 */

const COLUMNS = [
  'Date',
  'Donor',
  'Comment',
  'Amount',
  'Fee',
  'Net',
  'Currency',
  'Status',
  'Payment method',
  'Reference',
  'Monthly',
  'Campaign',
] as const;

// Figures only (1250.00), so a spreadsheet sums them; the currency has its own column.
const figure = (amount: number): string => formatMoney(amount, { symbol: '' }).replace(/ /g, '');

function rowOf(item: OwnerDonation): string[] {
  return [
    southAfricanDate(item.createdAt),
    item.donorName,
    item.comment ?? '',
    figure(item.amount),
    figure(item.feeAmount),
    figure(item.netAmount),
    item.currency.ticker,
    donationStatusLabel(item.status),
    paymentMethodLabel(item.paymentMethod),
    item.reference,
    item.recurring ? 'Yes' : 'No',
    item.campaign.name,
  ];
}

/** The CSV text, a header line first. */
export function ownerDonationsCsv(items: readonly OwnerDonation[]): string {
  const lines = [[...COLUMNS], ...items.map(rowOf)].map((cells) => cells.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

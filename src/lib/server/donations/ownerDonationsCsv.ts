import type { OwnerDonation } from '~/lib/contracts/donations';
import { southAfricanDate } from '~/lib/dates';
import { donationStatusLabel, paymentMethodLabel } from '~/lib/donationDisplay';
import { csvFigure, csvText } from '~/lib/server/platform/csv';

/**
 * Who gave, as CSV (RFC 4180, CRLF): the columns of the owner's list, never an email or phone.
 * Donors type their display names and comments, so every cell goes through platform/csv.ts,
 * which neutralises a formula (a leading = + - @ tab or CR gets an apostrophe).
 */

const COLUMNS = [
  'Date',
  'Donor',
  'Comment',
  'Amount',
  'Refunded',
  'Fee',
  'Net',
  'Currency',
  'Status',
  'Payment method',
  'Reference',
  'Monthly',
  'Campaign',
] as const;

function rowOf(item: OwnerDonation): string[] {
  return [
    southAfricanDate(item.createdAt),
    item.donorName,
    item.comment ?? '',
    csvFigure(item.amount),
    csvFigure(item.refundedAmount),
    csvFigure(item.feeAmount),
    csvFigure(item.netAmount),
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
  return csvText(COLUMNS, items.map(rowOf));
}

import { Currency } from './enums';
import { formatMoney, fromCents } from './money';

/**
 * What the server and the islands both say about a Section 18A receipt: how its number is
 * written and where its PDF is fetched.
 */

/** A receipt's number as printed: 'No. 000042' reads as one of a series, 6 digits wide (longer when it outgrows them). */
export function receiptNumberText(number: number): string {
  return String(number).padStart(6, '0');
}

/**
 * `GET /api/v1/donations/{key}/receipt`, the PDF: `key` is the donation's token (the donor's
 * link, no sign-in) or its id (with the signed-in donor's bearer token).
 */
export function receiptPdfPath(key: string): string {
  return `/api/v1/donations/${encodeURIComponent(key)}/receipt`;
}

/** The name the PDF is saved under. */
export function receiptFileName(number: number): string {
  return `section-18a-receipt-${receiptNumberText(number)}.pdf`;
}

/** The amount in figures as a receipt states it: 'R 1 250.00', and dollars named as US dollars ('US $ 25.05'). */
export function receiptAmountText(cents: number, currencyId: number): string {
  return formatMoney(fromCents(cents), currencyId === Currency.Dollar ? { symbol: 'US $' } : currencyId);
}

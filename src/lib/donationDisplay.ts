/**
 * How donations read on screen (the /thanks page and My Donations): status
 * labels for DonationStatus and RecurringStatus, the deduction day, the
 * duration and the payment method, and the donor's public name, as pure
 * functions shared by the islands, the pages and the server. Each speaks the current language
 * (issue 27: the page's, the API caller's, the mail's); the English is the constants' below.
 */
import {
  DonationStatus,
  PaymentGateway,
  RECURRING_DAY_OF_MONTH,
  RECURRING_DURATION_MONTHS,
  type RecurringDay,
  type RecurringDuration,
  RecurringStatus,
} from './enums';
import { getLocale, m } from './i18n';
import { formatMoney } from './money';
import { PAYMENT_METHOD_LABELS, paymentMethodName } from './paymentMethods';

/** The name fields of a donation, as rows, views and the campaign page's list carry them. */
export interface DonorNameFields {
  anonymous?: boolean | null;
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

/**
 * How a donor is named in public (lists, the campaign page, the owner's mail):
 * 'Anonymous' when they asked for it, else their display name, else first name
 * and surname initial ('Thabo M.'), so a surname is never shown in full.
 */
export function publicDonorName(donor: DonorNameFields): string {
  if (donor.anonymous) return 'Anonymous';
  const display = donor.displayName?.trim();
  if (display) return display;
  const initial = (donor.lastName ?? '').trim().charAt(0).toUpperCase();
  const first = (donor.firstName ?? '').trim();
  return [first, initial ? `${initial}.` : ''].filter(Boolean).join(' ') || 'Anonymous';
}

const DONATION_STATUS_LABELS: Readonly<Record<number, string>> = {
  [DonationStatus.Pending]: 'Pending',
  [DonationStatus.Accepted]: 'Paid',
  [DonationStatus.Rejected]: 'Failed',
  [DonationStatus.CanceledAtTransaction]: 'Cancelled at payment',
  [DonationStatus.CanceledAtManage]: 'Cancelled',
  [DonationStatus.PendingSettlement]: 'Awaiting settlement',
  [DonationStatus.Pledged]: 'Pledged',
};

const DONATION_STATUS_TEXTS: Readonly<Record<number, () => string>> = {
  [DonationStatus.Pending]: () => m.donation_status_pending(),
  [DonationStatus.Accepted]: () => m.donation_status_paid(),
  [DonationStatus.Rejected]: () => m.donation_status_failed(),
  [DonationStatus.CanceledAtTransaction]: () => m.donation_status_cancelled_at_payment(),
  [DonationStatus.CanceledAtManage]: () => m.donation_status_cancelled(),
  [DonationStatus.PendingSettlement]: () => m.donation_status_awaiting_settlement(),
  [DonationStatus.Pledged]: () => m.donation_status_pledged(),
};

/** A once-off donation's status in a word or two; 'Unknown' for a value outside SPEC §3. */
export function donationStatusLabel(status: number): string {
  const text = DONATION_STATUS_TEXTS[status];
  return text && DONATION_STATUS_LABELS[status] ? text() : m.donation_status_unknown();
}

/**
 * A donor's own donation as My Donations says it: "Refunded" when nothing of the gift remains,
 * "Partly refunded R 50.00" when part went back, else its status.
 */
export function donorDonationStateLabel(
  status: number,
  refunded: { amount: number; whole: boolean } | null,
  currency: number | { symbol: string },
): string {
  if (!refunded) return donationStatusLabel(status);
  return refunded.whole
    ? m.donation_status_refunded()
    : m.donation_status_partly_refunded({ amount: formatMoney(refunded.amount, currency) });
}

const RECURRING_STATUS_LABELS: Readonly<Record<number, string>> = {
  [RecurringStatus.Active]: 'Active',
  [RecurringStatus.Expired]: 'Completed',
  [RecurringStatus.Error]: 'Payment problem',
  [RecurringStatus.CanceledAtTransaction]: 'Cancelled',
  [RecurringStatus.CanceledAtManage]: 'Cancelled',
  [RecurringStatus.PendingSettlement]: 'Awaiting first payment',
  [RecurringStatus.Pledged]: 'Pledged',
};

const RECURRING_STATUS_TEXTS: Readonly<Record<number, () => string>> = {
  [RecurringStatus.Active]: () => m.donation_recurring_active(),
  [RecurringStatus.Expired]: () => m.donation_recurring_completed(),
  [RecurringStatus.Error]: () => m.donation_recurring_payment_problem(),
  [RecurringStatus.CanceledAtTransaction]: () => m.donation_status_cancelled(),
  [RecurringStatus.CanceledAtManage]: () => m.donation_status_cancelled(),
  [RecurringStatus.PendingSettlement]: () => m.donation_recurring_awaiting_first(),
  [RecurringStatus.Pledged]: () => m.donation_status_pledged(),
};

/** A recurring donation's status; both cancelled variants read 'Cancelled'. */
export function recurringStatusLabel(status: number): string {
  const text = RECURRING_STATUS_TEXTS[status];
  return text && RECURRING_STATUS_LABELS[status] ? text() : m.donation_status_unknown();
}

/** A recurring donation that still takes (or will take) money, so the donor may change or cancel it. */
export function isRecurringOpen(status: number): boolean {
  return (
    status === RecurringStatus.Active ||
    status === RecurringStatus.PendingSettlement ||
    status === RecurringStatus.Error ||
    status === RecurringStatus.Pledged
  );
}

/**
 * Whether the donor may change the amount, term or day: a running schedule whose first
 * payment went through. Before it, PayFast holds the checkout as it was signed, so the
 * server refuses a change (409) and only a cancel is offered.
 */
export function canChangeRecurring(recurrence: { status: number; deductionsMade: number }): boolean {
  return (
    isRecurringOpen(recurrence.status) &&
    recurrence.status !== RecurringStatus.PendingSettlement &&
    recurrence.deductionsMade > 0
  );
}

/** SPEC §4 recurring item update: the answered status is one of the cancelled ones. */
export function isCancelledStatus(status: number | null | undefined): boolean {
  return status === DonationStatus.CanceledAtTransaction || status === DonationStatus.CanceledAtManage;
}

/** 1 → '1st', 15 → '15th', 22 → '22nd', 25 → '25th'. */
export function ordinal(day: number): string {
  const tens = day % 100;
  if (tens >= 11 && tens <= 13) return `${day}th`;
  const suffix = ({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th';
  return `${day}${suffix}`;
}

/**
 * A day of the month as the current language writes it: '1st' in English, '1ste' and '15de' in
 * Afrikaans, the bare number in isiZulu, isiXhosa and Sesotho (their sentences say "the day").
 */
export function dayOfMonthLabel(day: number): string {
  const locale = getLocale();
  if (locale === 'en') return ordinal(day);
  if (locale === 'af') return `${day}${day === 1 || day === 8 || day >= 20 ? 'ste' : 'de'}`;
  return String(day);
}

/** The deduction day (RecurringDay) as the day of the month: '1st', '15th', '25th'. */
export function deductionDayLabel(day: number | null | undefined): string {
  const dayOfMonth = RECURRING_DAY_OF_MONTH[day as RecurringDay];
  return dayOfMonth === undefined ? m.donation_status_unknown() : dayOfMonthLabel(dayOfMonth);
}

/**
 * Why a monthly donation may not be deducted in a given month, as true of recurringDates.ts and
 * settlement.ts: the first deduction on the chosen day is at least a month after the payment made
 * at checkout, so a chosen day less than a month away is passed over; and a deduction that fails
 * takes nothing that month and is not made up later (the schedule goes on with the next one).
 */
export function monthlySkipNotes(deductionDay: number): string[] {
  const day = deductionDayLabel(deductionDay);
  return [m.donation_skip_note_first({ day }), m.donation_skip_note_failed({ day })];
}

/** The same notes for a debit order (Paysoft, 7): nothing is taken at checkout. */
export function debitOrderNotes(deductionDay: number): string[] {
  const day = deductionDayLabel(deductionDay);
  return [m.donation_debit_note_first({ day }), m.donation_debit_note_unpaid()];
}

/** The duration (RecurringDuration): 'Until cancelled' or '6 months'. */
export function durationLabel(term: number | null | undefined): string {
  const months = RECURRING_DURATION_MONTHS[term as RecurringDuration];
  if (months === undefined) return m.donation_status_unknown();
  return months === null
    ? m.donation_duration_until_cancelled()
    : m.donation_duration_months({ count: months });
}

/**
 * How far a schedule has come: '2 of 6 deductions' for a fixed number of
 * months (cycles), '3 deductions so far' when it runs until cancelled.
 */
export function deductionsProgress(deductionsMade: number, cycles: number | null): string {
  const made = Math.max(0, deductionsMade);
  if (cycles === null) return m.donation_deductions_so_far({ count: made });
  return m.donation_deductions_of({ made, cycles });
}

const OTHER_METHOD_LABELS: Readonly<Record<number, () => string>> = {
  [PaymentGateway.PayPalCard]: () => m.donation_method_paypal_card_other(),
  [PaymentGateway.IVeri]: () => m.donation_method_iveri(),
  [PaymentGateway.SnapScan]: () => 'SnapScan',
  [PaymentGateway.Recurring]: () => m.donation_method_recurring(),
  [PaymentGateway.Paysoft]: () => m.donation_method_debit_order_paysoft(),
};

/** The payment method as the donation form names it ('Card (PayFast)'), older gateways too. */
export function paymentMethodLabel(method: number): string {
  if (PAYMENT_METHOD_LABELS[method as PaymentGateway])
    return paymentMethodName(method as PaymentGateway) ?? '';
  return OTHER_METHOD_LABELS[method]?.() ?? m.donation_method_other();
}

export type ThanksTone = 'waiting' | 'success' | 'failure' | 'neutral';

export interface ThanksStatus {
  message: string;
  tone: ThanksTone;
}

export const THANKS_MESSAGES = {
  pending: 'We are waiting for the payment to be confirmed…',
  accepted: 'Payment received. Thank you!',
  rejected: 'The payment did not go through.',
  cancelled: 'You cancelled the payment.',
  eftPending: 'Please pay by bank transfer (EFT) using the details below.',
  cancelledLater: 'This donation was cancelled.',
} as const;

/** THANKS_MESSAGES in the current language; the English is the constant's. */
const THANKS_TEXTS: Record<keyof typeof THANKS_MESSAGES, () => string> = {
  pending: () => m.donation_thanks_pending(),
  accepted: () => m.donation_thanks_accepted(),
  rejected: () => m.donation_thanks_rejected(),
  cancelled: () => m.donation_thanks_cancelled(),
  eftPending: () => m.donation_thanks_eft_pending(),
  cancelledLater: () => m.donation_thanks_cancelled_later(),
};

/** What /thanks says about a donation's status (an EFT donation waits for the donor's transfer). */
export function thanksStatusOf(status: number, paymentMethod: number): ThanksStatus {
  switch (status) {
    case DonationStatus.Accepted:
      return { message: THANKS_TEXTS.accepted(), tone: 'success' };
    case DonationStatus.Rejected:
      return { message: THANKS_TEXTS.rejected(), tone: 'failure' };
    case DonationStatus.CanceledAtTransaction:
      return { message: THANKS_TEXTS.cancelled(), tone: 'neutral' };
    case DonationStatus.CanceledAtManage:
      return { message: THANKS_TEXTS.cancelledLater(), tone: 'neutral' };
    default:
      return paymentMethod === PaymentGateway.EFT && status === DonationStatus.Pending
        ? { message: THANKS_TEXTS.eftPending(), tone: 'waiting' }
        : { message: THANKS_TEXTS.pending(), tone: 'waiting' };
  }
}

/**
 * Whether /thanks should keep asking for news: a gateway payment still
 * pending. An EFT donation waits for the donor's transfer and an administrator,
 * which takes days, so there is nothing to poll for.
 */
export function awaitsGateway(status: number, paymentMethod: number): boolean {
  return (
    (status === DonationStatus.Pending || status === DonationStatus.PendingSettlement) &&
    paymentMethod !== PaymentGateway.EFT
  );
}

/**
 * A monthly donation's status as /thanks words it (DonationStatus): waiting
 * for the first charge, paid once it is Active (or already Expired), failed
 * on a charge error, or cancelled.
 */
export function recurringAsDonationStatus(status: number): number {
  switch (status) {
    case RecurringStatus.Active:
    case RecurringStatus.Expired:
      return DonationStatus.Accepted;
    case RecurringStatus.Error:
      return DonationStatus.Rejected;
    case RecurringStatus.CanceledAtTransaction:
      return DonationStatus.CanceledAtTransaction;
    case RecurringStatus.CanceledAtManage:
      return DonationStatus.CanceledAtManage;
    default:
      return DonationStatus.Pending;
  }
}

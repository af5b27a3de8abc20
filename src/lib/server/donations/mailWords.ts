/**
 * The words a donor's mail fills in besides its sentences, in the language of the mail (issue 27):
 * dates, the deduction day, a monthly donation's duration, the payment method. The mails are
 * composed inside `withLocale(donation.locale, …)`; in English every one of these is exactly the
 * text the mails always had (the shared English helpers), so English mails stay byte for byte.
 */
import { type DateTimeStyle, formatSastDateTime, formatSouthAfricanDay } from '~/lib/dates';
import { durationLabel } from '~/lib/donationDisplay';
import { PaymentGateway, RECURRING_DURATION_MONTHS, type RecurringDuration } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { baseLocale } from '~/lib/i18n/languages';
import { monthName } from '~/lib/months';
import { PAYMENT_METHOD_LABELS } from '~/lib/paymentMethods';
import { currentLocale } from '~/lib/server/i18n/locale';

const SAST_OFFSET_MS = 2 * 60 * 60 * 1000;

const inEnglish = (): boolean => currentLocale() === baseLocale;

/** The moment's calendar parts in South African time (month 1 is January). */
function sastParts(value: Date): { day: number; month: number; year: number; time: string } {
  const sast = new Date(value.getTime() + SAST_OFFSET_MS);
  const hh = String(sast.getUTCHours()).padStart(2, '0');
  const mm = String(sast.getUTCMinutes()).padStart(2, '0');
  return {
    day: sast.getUTCDate(),
    month: sast.getUTCMonth() + 1,
    year: sast.getUTCFullYear(),
    time: `${hh}:${mm}`,
  };
}

/**
 * A moment as a mail prints it, in South African time: '05 March 2026 at 14:05' in English
 * (`formatSastDateTime`), '5 Mashi 2026 ngo-14:05' in isiZulu. `dateStyle: 'long'` alone prints the day.
 */
export function mailDateTime(
  value: Date,
  style: DateTimeStyle = { dateStyle: 'long', timeStyle: 'short' },
): string {
  if (inEnglish()) return formatSastDateTime(value, style);
  const parts = sastParts(value);
  const date = m.mail_date({
    day: String(parts.day),
    month: monthName(parts.month),
    year: String(parts.year),
  });
  return style.timeStyle ? m.mail_date_time({ date, time: parts.time }) : date;
}

/** A calendar day (YYYY-MM-DD) in words: '15 January 2027'; '' for none. */
export function mailDay(day: string | null | undefined): string {
  if (inEnglish()) return formatSouthAfricanDay(day);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  if (!match) return '';
  return m.mail_date({
    day: String(Number(match[3])),
    month: monthName(Number(match[2])),
    year: match[1] ?? '',
  });
}

/** A month and year: 'March 2027' in English, 'Mashi 2027' in isiZulu. */
export function mailMonthYear(value: Date): string {
  if (inEnglish()) {
    return value.toLocaleDateString('en-ZA', {
      month: 'long',
      year: 'numeric',
      timeZone: 'Africa/Johannesburg',
    });
  }
  const parts = sastParts(value);
  return m.mail_month_year({ month: monthName(parts.month), year: String(parts.year) });
}

/**
 * The deduction day as the mail's sentences take it: the English ordinal ('15th', as
 * `deductionDayLabel` gives it) in English, the day's number in the other languages (whose
 * sentences say "day 15").
 */
export function mailDeductionDay(label: string): string {
  if (inEnglish()) return label;
  const day = Number.parseInt(label, 10);
  return Number.isNaN(day) ? label : String(day);
}

/** How long a monthly donation runs: 'Until cancelled', '6 months' (`durationLabel` in English). */
export function mailDuration(term: number | null | undefined): string {
  const months = RECURRING_DURATION_MONTHS[term as RecurringDuration];
  if (inEnglish() || months === undefined) return durationLabel(term);
  return months === null
    ? m.mail_duration_until_cancelled()
    : m.mail_duration_months({ months: String(months) });
}

/** The payment method a receipt names: 'Card (PayFast)', 'Bank transfer (EFT)' (PAYMENT_METHOD_LABELS in English). */
export function mailPaymentMethod(method: number): string {
  if (inEnglish()) return PAYMENT_METHOD_LABELS[method as PaymentGateway] ?? 'Other';
  switch (method) {
    case PaymentGateway.PayFast:
      return m.mail_method_card({ gateway: 'PayFast' });
    case PaymentGateway.IVeri:
      return m.mail_method_card({ gateway: 'iVeri' });
    case PaymentGateway.PayPalCard:
      return m.mail_method_card({ gateway: 'PayPal' });
    case PaymentGateway.InstantEFT:
      return m.mail_method_instant_eft();
    case PaymentGateway.EFT:
      return m.mail_method_eft();
    case PaymentGateway.Paysoft:
      return m.mail_method_debit_order();
    default:
      // SnapScan and PayPal are names, the same in every language.
      return PAYMENT_METHOD_LABELS[method as PaymentGateway] ?? m.mail_method_other();
  }
}

/** What a month's debit order came to, as the unpaid mail says it ('unpaid', 'reversed by the bank'). */
export function mailDebitOutcome(status: 'Paid' | 'Unpaid' | 'Disputed' | 'Reversed'): string {
  switch (status) {
    case 'Paid':
      return m.mail_debit_outcome_paid();
    case 'Unpaid':
      return m.mail_debit_outcome_unpaid();
    case 'Disputed':
      return m.mail_debit_outcome_disputed();
    case 'Reversed':
      return m.mail_debit_outcome_reversed();
  }
}

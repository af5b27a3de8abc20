import { formatShortDate, formatSouthAfricanDay, southAfricanDate } from './dates';
import { THANKS_MESSAGES, type ThanksStatus, thanksStatusOf } from './donationDisplay';
import {
  RECURRING_DAY_OF_MONTH,
  RECURRING_DURATION_MONTHS,
  RecurringDay,
  type RecurringDuration,
  RecurringStatus,
} from './enums';
import { getLocale, m } from './i18n';

/**
 * The words of /thanks, /monthly-donation and their islands in the page's language (issue 27).
 * src/lib/donationDisplay.ts keeps the English labels for the back office, the mails and the
 * tests; these say the same in the page's language, read at call time (never frozen in a
 * constant), and in English they are those labels word for word.
 */

/** A message with a part the page renders itself (a link): the text before it and after it. */
export function aroundPart(render: (part: string) => string): [before: string, after: string] {
  const marker = '\u0000';
  const text = render(marker);
  const at = text.indexOf(marker);
  return at === -1 ? [text, ''] : [text.slice(0, at), text.slice(at + marker.length)];
}

/** What /thanks says about the donation's status, and its tone (thanksStatusOf in the page's language). */
export function thanksStatusText(status: number, paymentMethod: number): ThanksStatus {
  const english = thanksStatusOf(status, paymentMethod);
  const words: Record<string, () => string> = {
    [THANKS_MESSAGES.pending]: m.thanks_status_pending,
    [THANKS_MESSAGES.accepted]: m.thanks_status_accepted,
    [THANKS_MESSAGES.rejected]: m.thanks_status_rejected,
    [THANKS_MESSAGES.cancelled]: m.thanks_status_cancelled,
    [THANKS_MESSAGES.eftPending]: m.thanks_status_eft_pending,
    [THANKS_MESSAGES.cancelledLater]: m.thanks_status_cancelled_later,
  };
  return { ...english, message: words[english.message]?.() ?? english.message };
}

/** The deduction day (RecurringDay) on its own: '15th' (deductionDayLabel in the page's language). */
export function deductionDayText(day: number | null | undefined): string {
  switch (day) {
    case RecurringDay.FirstDayOfMonth:
      return m.thanks_day_1();
    case RecurringDay.FifteenthDayOfMonth:
      return m.thanks_day_15();
    case RecurringDay.TwentyFifthDayOfMonth:
      return m.thanks_day_25();
    default:
      return m.thanks_unknown();
  }
}

/** The deduction day inside a sentence: 'on the {15th} of the month'. */
function deductionDayInText(day: number): string {
  switch (day) {
    case RecurringDay.FirstDayOfMonth:
      return m.thanks_day_in_text_1();
    case RecurringDay.FifteenthDayOfMonth:
      return m.thanks_day_in_text_15();
    case RecurringDay.TwentyFifthDayOfMonth:
      return m.thanks_day_in_text_25();
    default:
      return String(RECURRING_DAY_OF_MONTH[day as RecurringDay] ?? '');
  }
}

/** The duration (RecurringDuration): 'Until cancelled' or '6 months' (durationLabel in the page's language). */
export function durationText(term: number | null | undefined): string {
  const months = RECURRING_DURATION_MONTHS[term as RecurringDuration];
  if (months === undefined) return m.thanks_unknown();
  return months === null ? m.thanks_until_cancelled() : m.thanks_months({ months });
}

/** '2 of 6 deductions', '3 deductions so far' (deductionsProgress in the page's language). */
export function deductionsProgressText(deductionsMade: number, cycles: number | null): string {
  const made = Math.max(0, deductionsMade);
  if (cycles === null) return m.thanks_deductions_so_far({ count: made });
  return m.thanks_deductions_of({ made, count: cycles });
}

/** A monthly donation's status (recurringStatusLabel in the page's language). */
export function recurringStatusText(status: number): string {
  switch (status) {
    case RecurringStatus.Active:
      return m.thanks_recurring_active();
    case RecurringStatus.Expired:
      return m.thanks_recurring_completed();
    case RecurringStatus.Error:
      return m.thanks_recurring_payment_problem();
    case RecurringStatus.CanceledAtTransaction:
    case RecurringStatus.CanceledAtManage:
      return m.thanks_recurring_cancelled();
    case RecurringStatus.PendingSettlement:
      return m.thanks_recurring_awaiting_first();
    case RecurringStatus.Pledged:
      return m.thanks_recurring_pledged();
    default:
      return m.thanks_unknown();
  }
}

/** Why a month may pass without a deduction (monthlySkipNotes in the page's language). */
export function monthlySkipNotesText(deductionDay: number): string[] {
  const day = deductionDayInText(deductionDay);
  return [m.thanks_note_first_payment({ day }), m.thanks_note_failed_deduction({ day })];
}

/** The same for a debit order (debitOrderNotes in the page's language). */
export function debitOrderNotesText(deductionDay: number): string[] {
  const day = deductionDayInText(deductionDay);
  return [m.thanks_note_debit_nothing_now({ day }), m.thanks_note_debit_unpaid()];
}

const MONTHS: readonly (readonly [long: () => string, short: () => string])[] = [
  [m.thanks_month_jan, m.thanks_month_short_jan],
  [m.thanks_month_feb, m.thanks_month_short_feb],
  [m.thanks_month_mar, m.thanks_month_short_mar],
  [m.thanks_month_apr, m.thanks_month_short_apr],
  [m.thanks_month_may, m.thanks_month_short_may],
  [m.thanks_month_jun, m.thanks_month_short_jun],
  [m.thanks_month_jul, m.thanks_month_short_jul],
  [m.thanks_month_aug, m.thanks_month_short_aug],
  [m.thanks_month_sep, m.thanks_month_short_sep],
  [m.thanks_month_oct, m.thanks_month_short_oct],
  [m.thanks_month_nov, m.thanks_month_short_nov],
  [m.thanks_month_dec, m.thanks_month_short_dec],
];

/** A South African calendar day (YYYY-MM-DD) in words: '15 January 2027', '15 Januwari 2027'; '' for none. */
export function dayText(day: string | null | undefined): string {
  if (getLocale() === 'en') return formatSouthAfricanDay(day);
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? '');
  const month = match ? MONTHS[Number(match[2]) - 1] : undefined;
  if (!match || !month) return '';
  return `${Number(match[3])} ${month[0]()} ${match[1]}`;
}

/** A moment's South African date, short: "05 Mar '26", "05 Mas '26" (formatShortDate in the page's language). */
export function shortDateText(value: string | Date | null | undefined): string {
  if (getLocale() === 'en') return formatShortDate(value);
  const [year = '', month = '', date = ''] = southAfricanDate(value).split('-');
  const names = MONTHS[Number(month) - 1];
  if (!names) return '';
  return `${date} ${names[1]()} '${year.slice(-2)}`;
}

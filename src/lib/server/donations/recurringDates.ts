import { southAfricanDate } from '~/lib/dates';
import { RECURRING_DAY_OF_MONTH, type RecurringDay } from '~/lib/enums';

/**
 * Calendar dates of a recurring donation, in South African time (donors
 * choose "the 1st, 15th or 25th" of their own months). Dates are YYYY-MM-DD.
 */

/** Today's date in South Africa. */
export function todayInSouthAfrica(now: Date = new Date()): string {
  return southAfricanDate(now);
}

function parts(date: string): { year: number; month: number; day: number } {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return { year, month, day };
}

/** `day` of the month `monthsAhead` after the month of `year-month` (month 1–12). */
function dateIn(year: number, month: number, monthsAhead: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1 + monthsAhead, day));
  return d.toISOString().slice(0, 10);
}

/**
 * The first charge after today's (the donor pays the first one at PayFast
 * now): the chosen day, at least a month from today, so no donor is charged
 * twice in a few days. Today 22 Nov, the 25th → 25 Dec; the 1st → 1 Jan.
 */
export function firstBillingDate(deductionDay: RecurringDay, today: string): string {
  const chosen = RECURRING_DAY_OF_MONTH[deductionDay];
  const { year, month, day } = parts(today);
  return dateIn(year, month, chosen >= day ? 1 : 2, chosen);
}

/** The next occurrence of the chosen day strictly after today (a running schedule moved to another day). */
export function nextOccurrence(deductionDay: RecurringDay, today: string): string {
  const chosen = RECURRING_DAY_OF_MONTH[deductionDay];
  const { year, month, day } = parts(today);
  return dateIn(year, month, chosen > day ? 0 : 1, chosen);
}

/** The chosen day of the month after `date`'s month: a debit order's next month once this one is submitted. */
export function sameDayNextMonth(deductionDay: RecurringDay, date: string): string {
  const { year, month } = parts(date);
  return dateIn(year, month, 1, RECURRING_DAY_OF_MONTH[deductionDay]);
}

/** `days` after `date`. */
export function addDays(date: string, days: number): string {
  const { year, month, day } = parts(date);
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * South Africa's tax year for individuals: 1 March to the end of February (SARS). A tax year is
 * named by the year it ends in: 2027 runs from 1 March 2026 to 28 February 2027. Days are South
 * African days (YYYY-MM-DD).
 */

const isLeap = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** The first and last day of tax year `year`. */
export function taxYearDays(year: number): { first: string; last: string } {
  return { first: `${year - 1}-03-01`, last: `${year}-02-${isLeap(year) ? '29' : '28'}` };
}

/** The tax year a South African day falls in. */
export function taxYearOfDay(day: string): number {
  const year = Number(day.slice(0, 4));
  return Number(day.slice(5, 7)) >= 3 ? year + 1 : year;
}

/** '1 March 2026 to 28 February 2027'. */
export function taxYearLabel(year: number): string {
  return `1 March ${year - 1} to ${taxYearEndDay(year)} February ${year}`;
}

/** The last day of February that ends a tax year: 28, or 29 in a leap year. */
export function taxYearEndDay(year: number): number {
  return isLeap(year) ? 29 : 28;
}

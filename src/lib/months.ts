/**
 * The months' names in the current language, read at call time (never frozen in a constant): the
 * event page, the campaign cards and the donor's mails print their dates with them. One message a
 * kind (layout_month, layout_month_short in messages/layout), with a variant for each month.
 */
import { m } from '~/lib/i18n';

/** 1 (January) to 12 (December), as the messages take it. */
type Month = Extract<Parameters<typeof m.layout_month>[0]['month'], number>;

const isMonth = (month: number): month is Month => Number.isInteger(month) && month >= 1 && month <= 12;

/** A month's name, 1 is January: 'March' in English, 'Mashi' in isiZulu; '' for a number that is no month. */
export function monthName(month: number): string {
  return isMonth(month) ? m.layout_month({ month }) : '';
}

/** A month's short name, 1 is January: 'Mar' in English, 'Mas' in isiZulu; '' for a number that is no month. */
export function shortMonthName(month: number): string {
  return isMonth(month) ? m.layout_month_short({ month }) : '';
}

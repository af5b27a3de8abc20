import { formatMoney } from '~/lib/money';

/**
 * CSV files for spreadsheets (RFC 4180, CRLF): the receipts, who gave and the audit log.
 * People type the names, comments and addresses these carry, and a spreadsheet runs a cell
 * that starts with = + - @ (or a tab or carriage return before one) as a formula: such a cell
 * gets a leading apostrophe, which spreadsheets show as text and do not run.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: formula starts neutralised, then quoted when it holds a quote, comma or line break. */
export function csvCell(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** The file's text: the header line, then a line a row, each line ending CRLF. */
export function csvText(columns: readonly string[], rows: readonly (readonly string[])[]): string {
  const lines = [columns, ...rows].map((cells) => cells.map(csvCell).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** An amount as figures only (1250.00), so a spreadsheet sums it; the currency has its own column. */
export const csvFigure = (amount: number): string => formatMoney(amount, { symbol: '' }).replace(/ /g, '');

/**
 * South African identity numbers (13 digits, YYMMDD SSSS C A Z), as the Department of Home
 * Affairs issues them: the date of birth, a sequence (0000–4999 female, 5000–9999 male), the
 * citizenship digit (0 citizen, 1 permanent resident, 2 refugee), a digit that is usually 8
 * and the Luhn check digit over the first twelve. Pure: the donation form and the server use it.
 */

/** The Luhn check of a string of digits (the last digit is the check digit). */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Whether YYMMDD is a real calendar date in some century (29 Feb only in a leap year of 19YY or 20YY). */
function realDate(yymmdd: string): boolean {
  const year = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  if (month < 1 || month > 12 || day < 1) return false;
  return [1900 + year, 2000 + year].some((fullYear) => {
    const date = new Date(Date.UTC(fullYear, month - 1, day));
    return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  });
}

/** Spaces removed: people type an ID number in groups. */
export const normaliseIdNumber = (value: string): string => value.replace(/\s+/g, '');

/** A well-formed South African ID number: 13 digits, a real date of birth, citizenship 0–2 and the Luhn digit. */
export function isValidSaIdNumber(value: string): boolean {
  const id = normaliseIdNumber(value);
  if (!/^\d{13}$/.test(id)) return false;
  if (!realDate(id.slice(0, 6))) return false;
  if (!['0', '1', '2'].includes(id[10] ?? '')) return false;
  return luhnValid(id);
}

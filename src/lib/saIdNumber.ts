/**
 * South African identity numbers (13 digits, YYMMDD SSSS C A Z), as the Department of Home
 * Affairs issues them: the date of birth, a sequence (0000–4999 female, 5000–9999 male), the
 * citizenship digit (0 citizen, 1 permanent resident, 2 refugee), a digit that is usually 8
 * and the Luhn check digit over the first twelve. Pure: the Section 18A receipt's and the debit
 * order's forms and the server use it.
 */

/** Digits only: people type ID numbers in groups ('800101 5009 087'). */
export const digitsOf = (text: string): string => text.replace(/[\s-]/g, '');

/** The Luhn check digit rule, which the last digit of an SA ID number follows. */
export function passesLuhn(digits: string): boolean {
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

/** YYMMDD names a real day in 19YY or 20YY (an ID number does not say which century). */
function isBirthDate(yymmdd: string): boolean {
  const yy = Number(yymmdd.slice(0, 2));
  const month = Number(yymmdd.slice(2, 4));
  const day = Number(yymmdd.slice(4, 6));
  return [1900 + yy, 2000 + yy].some((year) => {
    const date = new Date(Date.UTC(year, month - 1, day));
    return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  });
}

/**
 * A South African ID number: 13 digits, YYMMDD a real birth date, the citizenship digit
 * 0 (citizen), 1 (permanent resident) or 2 (refugee), and the Luhn check digit.
 */
export function isSaIdNumber(text: string): boolean {
  const digits = digitsOf(text);
  return (
    /^\d{13}$/.test(digits) &&
    isBirthDate(digits.slice(0, 6)) &&
    '012'.includes(digits[10] ?? '') &&
    passesLuhn(digits)
  );
}

import * as v from 'valibot';
import { oneMessagePerField } from './campaignFields';
import { singleLine } from './textRules';

/**
 * The donor's details on a Section 18A receipt (`POST /donations/{id}/receipt`), shared by the
 * request form and the endpoint. SARS needs the donor identified by their South African ID
 * number or their income tax reference number; the form asks which one they give.
 */

export const RECEIPT_LIMITS = { fullName: 150, address: 300, addressMin: 10 } as const;

export const RECEIPT_ID_TYPES = { saId: 'saId', taxNumber: 'taxNumber' } as const;
export type ReceiptIdType = (typeof RECEIPT_ID_TYPES)[keyof typeof RECEIPT_ID_TYPES];

export const RECEIPT_FIELD_MESSAGES = {
  fullNameRequired: 'Please enter your full name as it should appear on the receipt.',
  fullNameTooLong: 'Your full name must be at most 150 characters.',
  idType: 'Please choose whether you give your SA ID number or your income tax reference number.',
  saIdFormat: 'Please enter your 13-digit South African ID number.',
  saIdInvalid: 'This is not a valid South African ID number: please check the digits.',
  taxNumberFormat: 'Please enter your 10-digit income tax reference number.',
  taxNumberInvalid: 'An income tax reference number starts with 0, 1, 2, 3 or 9.',
  addressRequired: 'Please enter your postal address.',
  addressTooShort: 'Please enter your full postal address, with the town and postal code.',
  addressTooLong: 'Your postal address must be at most 300 characters.',
} as const;

/** Digits only: people type ID numbers in groups ('800101 5009 087'). */
const digitsOf = (text: string): string => text.replace(/[\s-]/g, '');

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

/** An income tax reference number: 10 digits, the first 0, 1, 2, 3 or 9 (SARS's ranges for individuals and others). */
export function isTaxReferenceNumber(text: string): boolean {
  return /^[01239]\d{9}$/.test(digitsOf(text));
}

const fullNameRule = v.pipe(
  v.string(RECEIPT_FIELD_MESSAGES.fullNameRequired),
  v.transform((text) => text.replace(/\s+/g, ' ').trim()),
  v.nonEmpty(RECEIPT_FIELD_MESSAGES.fullNameRequired),
  v.maxLength(RECEIPT_LIMITS.fullName, RECEIPT_FIELD_MESSAGES.fullNameTooLong),
  singleLine('Full name'),
);

const saIdRule = v.pipe(
  v.string(RECEIPT_FIELD_MESSAGES.saIdFormat),
  v.transform(digitsOf),
  v.regex(/^\d{13}$/, RECEIPT_FIELD_MESSAGES.saIdFormat),
  v.check(isSaIdNumber, RECEIPT_FIELD_MESSAGES.saIdInvalid),
);

const taxNumberRule = v.pipe(
  v.string(RECEIPT_FIELD_MESSAGES.taxNumberFormat),
  v.transform(digitsOf),
  v.regex(/^\d{10}$/, RECEIPT_FIELD_MESSAGES.taxNumberFormat),
  v.check(isTaxReferenceNumber, RECEIPT_FIELD_MESSAGES.taxNumberInvalid),
);

/** Lines kept (a postal address is read line by line), each trimmed, empty ones dropped. */
const addressRule = v.pipe(
  v.string(RECEIPT_FIELD_MESSAGES.addressRequired),
  v.transform((text) =>
    text
      .split(/\r?\n/)
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n'),
  ),
  v.nonEmpty(RECEIPT_FIELD_MESSAGES.addressRequired),
  v.minLength(RECEIPT_LIMITS.addressMin, RECEIPT_FIELD_MESSAGES.addressTooShort),
  v.maxLength(RECEIPT_LIMITS.address, RECEIPT_FIELD_MESSAGES.addressTooLong),
);

const common = { fullName: fullNameRule, address: addressRule };

/** `POST /donations/{id}/receipt`: full name, SA ID or tax number (as `idType` says), postal address. */
export const receiptRequestSchema = oneMessagePerField(
  v.variant(
    'idType',
    [
      v.object({ ...common, idType: v.literal(RECEIPT_ID_TYPES.saId), idNumber: saIdRule }),
      v.object({ ...common, idType: v.literal(RECEIPT_ID_TYPES.taxNumber), idNumber: taxNumberRule }),
    ],
    RECEIPT_FIELD_MESSAGES.idType,
  ),
);
export type ReceiptRequestInput = v.InferOutput<typeof receiptRequestSchema>;

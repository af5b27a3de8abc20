import * as v from 'valibot';
import { digitsOf, isSaIdNumber } from '~/lib/saIdNumber';
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

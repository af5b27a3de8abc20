import * as v from 'valibot';
import { m } from '~/lib/i18n';
import { digitsOf, isSaIdNumber } from '~/lib/saIdNumber';
import { oneMessagePerField } from './campaignFields';
import { hasUnsafeSingleLineCharacters } from './textRules';

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

/**
 * RECEIPT_FIELD_MESSAGES in the page's language (the API caller's Accept-Language on the server),
 * read when a value is checked; the English constant stays for the tests.
 */
const said = {
  fullNameRequired: () => m.thanks_receipt_full_name_required(),
  fullNameTooLong: () => m.thanks_receipt_full_name_too_long(),
  fullNameUnsafe: () => m.thanks_receipt_full_name_unsafe(),
  idType: () => m.thanks_receipt_id_type(),
  saIdFormat: () => m.thanks_receipt_sa_id_format(),
  saIdInvalid: () => m.thanks_receipt_sa_id_invalid(),
  taxNumberFormat: () => m.thanks_receipt_tax_number_format(),
  taxNumberInvalid: () => m.thanks_receipt_tax_number_invalid(),
  addressRequired: () => m.thanks_receipt_address_required(),
  addressTooShort: () => m.thanks_receipt_address_too_short(),
  addressTooLong: () => m.thanks_receipt_address_too_long(),
};

/** An income tax reference number: 10 digits, the first 0, 1, 2, 3 or 9 (SARS's ranges for individuals and others). */
export function isTaxReferenceNumber(text: string): boolean {
  return /^[01239]\d{9}$/.test(digitsOf(text));
}

const fullNameRule = v.pipe(
  v.string(said.fullNameRequired),
  v.transform((text) => text.replace(/\s+/g, ' ').trim()),
  v.nonEmpty(said.fullNameRequired),
  v.maxLength(RECEIPT_LIMITS.fullName, said.fullNameTooLong),
  // singleLine('Full name') of textRules.ts, with its message in the page's language.
  v.check((text) => !hasUnsafeSingleLineCharacters(text), said.fullNameUnsafe),
);

const saIdRule = v.pipe(
  v.string(said.saIdFormat),
  v.transform(digitsOf),
  v.regex(/^\d{13}$/, said.saIdFormat),
  v.check(isSaIdNumber, said.saIdInvalid),
);

const taxNumberRule = v.pipe(
  v.string(said.taxNumberFormat),
  v.transform(digitsOf),
  v.regex(/^\d{10}$/, said.taxNumberFormat),
  v.check(isTaxReferenceNumber, said.taxNumberInvalid),
);

/** Lines kept (a postal address is read line by line), each trimmed, empty ones dropped. */
const addressRule = v.pipe(
  v.string(said.addressRequired),
  v.transform((text) =>
    text
      .split(/\r?\n/)
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n'),
  ),
  v.nonEmpty(said.addressRequired),
  v.minLength(RECEIPT_LIMITS.addressMin, said.addressTooShort),
  v.maxLength(RECEIPT_LIMITS.address, said.addressTooLong),
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
    said.idType,
  ),
);
export type ReceiptRequestInput = v.InferOutput<typeof receiptRequestSchema>;

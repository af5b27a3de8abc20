import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { Currency } from '~/lib/enums';
import { receiptAmountText, receiptNumberText } from '~/lib/receipts';
import { isSaIdNumber } from '~/lib/saIdNumber';
import { editOrganisationSchema, ORGANISATION_MESSAGES } from '~/lib/schemas/organisation';
import { isTaxReferenceNumber, RECEIPT_FIELD_MESSAGES, receiptRequestSchema } from '~/lib/schemas/receipt';
import { amountInWords, numberInWords } from '~/lib/server/receipts/amountInWords';

// What a Section 18A receipt states in words beside the figures, and the donor details it asks for.

describe('amountInWords', () => {
  it.each([
    [125_000, 'One thousand two hundred and fifty rand'],
    [125_050, 'One thousand two hundred and fifty rand and fifty cents'],
    [2_000, 'Twenty rand'],
    [100, 'One rand'],
    [101, 'One rand and one cent'],
    [5, 'Five cents'],
    [1_100, 'Eleven rand'],
    [1_900, 'Nineteen rand'],
    [4_200, 'Forty-two rand'],
    [10_000, 'One hundred rand'],
    [10_100, 'One hundred and one rand'],
    [99_999, 'Nine hundred and ninety-nine rand and ninety-nine cents'],
    [100_500, 'One thousand and five rand'],
    [1_000_000, 'Ten thousand rand'],
    [31_415_926, 'Three hundred and fourteen thousand one hundred and fifty-nine rand and twenty-six cents'],
    [120_000_500, 'One million two hundred thousand and five rand'],
    [100_000_000_00, 'One hundred million rand'],
    [
      99_999_999_999,
      'Nine hundred and ninety-nine million nine hundred and ninety-nine thousand nine hundred and ninety-nine rand and ninety-nine cents',
    ],
    [100_000_000_000, 'One billion rand'],
  ])('%i cents of rand read "%s"', (cents, words) => {
    expect(amountInWords(cents, Currency.Rand)).toBe(words);
  });

  it('names US dollars, one dollar alone in the singular', () => {
    expect(amountInWords(100, Currency.Dollar)).toBe('One US dollar');
    expect(amountInWords(2_505, Currency.Dollar)).toBe('Twenty-five US dollars and five cents');
    expect(amountInWords(1_250_000, Currency.Dollar)).toBe('Twelve thousand five hundred US dollars');
  });

  it('refuses what no donation can be', () => {
    expect(() => amountInWords(-1, Currency.Rand)).toThrow(RangeError);
    expect(() => amountInWords(1.5, Currency.Rand)).toThrow(RangeError);
    expect(() => amountInWords(100_000_000_100, Currency.Rand)).toThrow(RangeError);
    expect(() => amountInWords(100, 9)).toThrow(RangeError);
    expect(numberInWords(0)).toBe('zero');
  });
});

describe('receipt numbers', () => {
  it('are printed six digits wide, longer once they outgrow them', () => {
    expect(receiptNumberText(42)).toBe('000042');
    expect(receiptNumberText(1_234_567)).toBe('1234567');
  });

  it('state the amount in figures, dollars as US dollars', () => {
    expect(receiptAmountText(125_000, Currency.Rand)).toBe('R 1 250.00');
    expect(receiptAmountText(2_505, Currency.Dollar)).toBe('US $ 25.05');
  });
});

describe('the donor’s identity number', () => {
  it('accepts an SA ID number with a real birth date, a citizenship digit and the Luhn check digit', () => {
    expect(isSaIdNumber('8001015009087')).toBe(true);
    expect(isSaIdNumber('800101 5009 087')).toBe(true);
    // 29 February 2000 existed.
    expect(isSaIdNumber('0002295123083')).toBe(true);
  });

  it('refuses a wrong check digit, a day that never was and an unknown citizenship digit', () => {
    expect(isSaIdNumber('8001015009088')).toBe(false);
    // Neither 1999 nor 2099 had a 29 February (the check digit is right).
    expect(isSaIdNumber('9902295123085')).toBe(false);
    // Month 13, and citizenship digit 5 (both with a right check digit).
    expect(isSaIdNumber('8013015009082')).toBe(false);
    expect(isSaIdNumber('8506150182580')).toBe(false);
    expect(isSaIdNumber('800101500908')).toBe(false);
  });

  it('accepts a 10-digit tax reference number starting 0, 1, 2, 3 or 9', () => {
    expect(isTaxReferenceNumber('0123456789')).toBe(true);
    expect(isTaxReferenceNumber('9123 456 789')).toBe(true);
    expect(isTaxReferenceNumber('4123456789')).toBe(false);
    expect(isTaxReferenceNumber('012345678')).toBe(false);
  });
});

describe('receiptRequestSchema', () => {
  const valid = {
    fullName: '  Thabo   Mokoena ',
    idType: 'saId',
    idNumber: '800101 5009 087',
    address: ' 12 Vilakazi Street \n\n Orlando West\nSoweto 1804 ',
  };
  const messagesOf = (input: unknown): Record<string, string[]> => {
    const result = v.safeParse(receiptRequestSchema, input);
    if (result.success) return {};
    const out: Record<string, string[]> = {};
    for (const issue of result.issues) {
      const field = v.getDotPath(issue) ?? 'body';
      out[field] = [...(out[field] ?? []), issue.message];
    }
    return out;
  };

  it('keeps the donor’s details tidied: one space in the name, digits only, the address line by line', () => {
    expect(v.parse(receiptRequestSchema, valid)).toEqual({
      fullName: 'Thabo Mokoena',
      idType: 'saId',
      idNumber: '8001015009087',
      address: '12 Vilakazi Street\nOrlando West\nSoweto 1804',
    });
  });

  it('says one thing per field', () => {
    expect(messagesOf({ ...valid, fullName: ' ', idNumber: '123', address: '' })).toEqual({
      fullName: [RECEIPT_FIELD_MESSAGES.fullNameRequired],
      idNumber: [RECEIPT_FIELD_MESSAGES.saIdFormat],
      address: [RECEIPT_FIELD_MESSAGES.addressRequired],
    });
    expect(messagesOf({ ...valid, idNumber: '8001015009088' })).toEqual({
      idNumber: [RECEIPT_FIELD_MESSAGES.saIdInvalid],
    });
    expect(messagesOf({ ...valid, idType: 'taxNumber', idNumber: '8001015009087' })).toEqual({
      idNumber: [RECEIPT_FIELD_MESSAGES.taxNumberFormat],
    });
    expect(messagesOf({ ...valid, idType: 'taxNumber', idNumber: '5123456789' })).toEqual({
      idNumber: [RECEIPT_FIELD_MESSAGES.taxNumberInvalid],
    });
    expect(messagesOf({ ...valid, idType: 'passport' })).toEqual({ idType: [RECEIPT_FIELD_MESSAGES.idType] });
    expect(messagesOf({ ...valid, address: 'Soweto' })).toEqual({
      address: [RECEIPT_FIELD_MESSAGES.addressTooShort],
    });
  });
});

describe('the organisation’s PBO reference number', () => {
  const pboOf = (pboNumber: unknown) => v.safeParse(editOrganisationSchema, { pboNumber });

  it('is kept as digits, and cleared by an empty field', () => {
    expect(pboOf('930 012 345').output).toEqual({ pboNumber: '930012345' });
    expect(pboOf('').output).toEqual({ pboNumber: null });
  });

  it('refuses anything but 9 to 12 digits, saying so', () => {
    for (const bad of ['93001234', '9300123456789', 'PBO930012345', '18/11/13/1234']) {
      const result = pboOf(bad);
      expect(result.success, bad).toBe(false);
      expect(result.issues?.[0]?.message).toBe(ORGANISATION_MESSAGES.pboNumber);
    }
  });
});

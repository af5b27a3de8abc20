import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { branchCodeOf, CDV_MESSAGE, maskAccountNumber, passesCdv } from '~/lib/bankAccountCdv';
import { mandateText } from '~/lib/debitOrderMandate';
import { isSaIdNumber as isValidSaIdNumber, passesLuhn as luhnValid } from '~/lib/saIdNumber';
import { debitOrderSchema } from '~/lib/schemas/debitOrder';
import { paysoftServiceFor } from '~/lib/server/payments/paysoft';

// The example ID number Home Affairs' format is usually explained with (born 1 January 1980,
// male, citizen): Luhn-valid.
const EXAMPLE_ID = '8001015009087';

describe('South African ID numbers', () => {
  it('accepts a well-formed number, with or without spaces', () => {
    expect(isValidSaIdNumber(EXAMPLE_ID)).toBe(true);
    expect(isValidSaIdNumber('800101 5009 087')).toBe(true);
  });

  it('refuses a wrong check digit, a date that does not exist, a bad citizenship digit and wrong lengths', () => {
    expect(isValidSaIdNumber('8001015009086')).toBe(false);
    expect(luhnValid('8001015009086')).toBe(false);
    expect(isValidSaIdNumber('8002305009085')).toBe(false); // 30 February
    expect(isValidSaIdNumber('8013015009084')).toBe(false); // month 13
    expect(isValidSaIdNumber('800101500908')).toBe(false);
    expect(isValidSaIdNumber('80010150090877')).toBe(false);
    expect(isValidSaIdNumber('80010150090A7')).toBe(false);
  });

  it('checks the citizenship digit (0, 1 or 2)', () => {
    // Same number with citizenship 5: recomputing Luhn would not make it valid.
    expect(isValidSaIdNumber('8001015009580')).toBe(false);
  });
});

describe('bank account check (CDV) and branch code', () => {
  it('derives the universal branch code from the Paysoft bank list (SPEC §3)', () => {
    expect(branchCodeOf(16)).toBe('470010'); // Capitec
    expect(branchCodeOf(21)).toBe('250655'); // FNB
    expect(branchCodeOf(45)).toBe('051001'); // Standard Bank
    expect(branchCodeOf(9999)).toBeNull();
  });

  it('takes accounts of the lengths each bank issues and refuses the rest', () => {
    expect(passesCdv('470010', '1234567890')).toBe(true);
    expect(passesCdv('470010', '123456789')).toBe(false);
    expect(passesCdv('250655', '62123456789')).toBe(true);
    expect(passesCdv('250655', '621234567890')).toBe(false);
    expect(passesCdv('051001', '1234 5678 9')).toBe(true);
    expect(passesCdv('051001', '12345678A')).toBe(false);
    expect(passesCdv('051001', '0000000000')).toBe(false);
    expect(passesCdv('12345', '1234567890')).toBe(false);
  });

  it('masks every digit but the last four', () => {
    expect(maskAccountNumber('1234567890')).toBe('••••••7890');
  });
});

describe('the debitOrder object of POST /donationsscheduler', () => {
  const valid = {
    bankId: 16,
    accountType: 0,
    accountNumber: '1234567890',
    accountHolderName: 'Thandi Mokoena',
    idNumber: EXAMPLE_ID,
    mandateAccepted: true,
  };

  it('accepts a complete mandate', () => {
    expect(v.safeParse(debitOrderSchema, valid).success).toBe(true);
  });

  it("answers SPEC's message when the account fails the check or the bank cannot be debited", () => {
    for (const bad of [{ accountNumber: '12345' }, { bankId: 57 }, { bankId: 9999 }]) {
      const result = v.safeParse(debitOrderSchema, { ...valid, ...bad });
      expect(result.success).toBe(false);
      expect(result.issues?.map((i) => i.message)).toContain(CDV_MESSAGE);
    }
  });

  it('needs a valid ID number and the accepted mandate', () => {
    const id = v.safeParse(debitOrderSchema, { ...valid, idNumber: '8001015009086' });
    expect(id.issues?.[0]?.message).toBe('Please enter a valid South African ID number.');
    const mandate = v.safeParse(debitOrderSchema, { ...valid, mandateAccepted: false });
    expect(mandate.issues?.[0]?.message).toBe('Please accept the debit order mandate.');
  });
});

describe("Paysoft's cut-offs", () => {
  it('picks the service that still reaches the bank for the due date', () => {
    expect(paysoftServiceFor('2026-12-25', '2026-12-20', 16)).toBe('2Day');
    expect(paysoftServiceFor('2026-12-25', '2026-12-23', 10)).toBe('2Day');
    expect(paysoftServiceFor('2026-12-25', '2026-12-23', 11)).toBe('1Day');
    expect(paysoftServiceFor('2026-12-25', '2026-12-24', 13)).toBe('1Day');
    expect(paysoftServiceFor('2026-12-25', '2026-12-24', 14)).toBe('SameDay');
    expect(paysoftServiceFor('2026-12-25', '2026-12-25', 14)).toBe('SameDay');
    expect(paysoftServiceFor('2026-12-25', '2026-12-25', 15)).toBeNull();
  });
});

describe('the mandate in words', () => {
  it('says who debits, how much, which day and until when', () => {
    const text = mandateText({
      accountHolderName: 'Thandi Mokoena',
      bankName: 'Capitec Bank',
      accountNumberMasked: '••••••7890',
      monthlyAmount: 150,
      onceOffAmount: 0,
      deductionDay: '25th',
      duration: '6 months',
    });
    expect(text).toContain('Paysoft');
    expect(text).toContain('R 150.00');
    expect(text).toContain('25th of each month');
    expect(text).toContain('for 6 months');
  });
});

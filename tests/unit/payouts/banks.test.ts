import { describe, expect, it } from 'vitest';
import { deriveBank, OTHER_INTERNATIONAL_BANK, PAYSOFT_BANKS, SA_BANKS } from '~/lib/banks';

describe('deriveBank', () => {
  it('takes a known bank name, whatever the code says', () => {
    expect(deriveBank({ bankName: 'Capitec Bank', bankCode: '250655' }).name).toBe('Capitec Bank');
    expect(deriveBank({ bankName: '  fnb ', bankCode: '' }).name).toBe('First National Bank');
  });

  it('derives the bank from a known universal branch code when the name is unknown', () => {
    expect(deriveBank({ bankName: 'My bank', bankCode: '198765' }).name).toBe('Nedbank');
    expect(deriveBank({ bankName: null, bankCode: '051 001' }).name).toBe('Standard Bank');
  });

  it('falls back to Other/International when neither is known', () => {
    expect(deriveBank({ bankName: 'Barclays UK', bankCode: '203253' })).toBe(OTHER_INTERNATIONAL_BANK);
    expect(deriveBank({})).toBe(OTHER_INTERNATIONAL_BANK);
    expect(OTHER_INTERNATIONAL_BANK.universalBranchCode).toBe('');
  });
});

describe('bank lists', () => {
  it('has about 29 South African banks with six-digit codes, and Other/International', () => {
    expect(SA_BANKS.length).toBeGreaterThanOrEqual(27);
    expect(SA_BANKS.length).toBeLessThanOrEqual(31);
    for (const bank of SA_BANKS.filter((b) => b !== OTHER_INTERNATIONAL_BANK)) {
      expect(bank.universalBranchCode, bank.name).toMatch(/^\d{6}$/);
    }
    expect(SA_BANKS).toContain(OTHER_INTERNATIONAL_BANK);
  });

  it('has the 57 Paysoft banks with unique ids and names', () => {
    expect(PAYSOFT_BANKS).toHaveLength(57);
    expect(new Set(PAYSOFT_BANKS.map((b) => b.id)).size).toBe(57);
    expect(new Set(PAYSOFT_BANKS.map((b) => b.name)).size).toBe(57);
  });
});

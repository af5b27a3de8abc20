import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { bankOptions } from '~/islands/editor/VerificationForm';
import {
  bankDisplayName,
  deriveBank,
  FORMER_BANKS,
  formerBankMessage,
  formerBankOf,
  isFormerBank,
  OTHER_INTERNATIONAL_BANK,
  PAYSOFT_BANKS,
  SA_BANKS,
} from '~/lib/banks';
import { debitOrderSchema } from '~/lib/schemas/debitOrder';

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

describe('former banks (issue 29)', () => {
  it('knows the long-gone banks of the lists, by their names and the names people type', () => {
    for (const name of [
      'VBS Mutual Bank',
      'Saambou Bank (FNB)',
      'Volkskas Bank (ABSA)',
      'Permanent Bank (Nedbank)',
      'Allied Bank (ABSA)',
      'United Bank (ABSA)',
      'NBS Bank (Nedbank)',
      'BoE Bank (Nedbank)',
      'Mercantile Bank',
      'Grobank',
    ]) {
      expect(isFormerBank(name), name).toBe(true);
    }
    for (const typed of ['volkskas', ' Saambou ', 'Perm', 'UBS', 'NBS', 'BoE', 'VBS']) {
      expect(isFormerBank(typed), typed).toBe(true);
    }
    for (const name of [
      'ABSA Bank',
      'Capitec Bank',
      'Nedbank',
      'First National Bank',
      'TymeBank',
      'Wesbank (FNB)',
    ]) {
      expect(isFormerBank(name), name).toBe(false);
    }
  });

  it('names only banks of the Paysoft list, and each successor is a bank that exists', () => {
    const paysoft = new Set(PAYSOFT_BANKS.map((b) => b.name));
    for (const bank of FORMER_BANKS) {
      expect(paysoft.has(bank.name), bank.name).toBe(true);
      if (bank.successor) {
        expect(paysoft.has(bank.successor), bank.successor).toBe(true);
        expect(isFormerBank(bank.successor), bank.successor).toBe(false);
      }
    }
  });

  it('finds a former bank by the chosen name, the typed other name, or a code only it used', () => {
    expect(formerBankOf({ bankName: 'Volkskas Bank (ABSA)' })?.successor).toBe('ABSA Bank');
    expect(formerBankOf({ bankName: 'Other/International', bankNameAlt: 'Saambou' })?.name).toBe(
      'Saambou Bank (FNB)',
    );
    expect(formerBankOf({ bankName: null, bankCode: '588000' })?.name).toBe('VBS Mutual Bank');
    expect(formerBankOf({ bankName: 'Capitec Bank', bankCode: '470010' })).toBeNull();
  });

  it('says what to choose instead', () => {
    const volkskas = formerBankOf({ bankName: 'Volkskas Bank (ABSA)' });
    const vbs = formerBankOf({ bankName: 'VBS Mutual Bank' });
    if (!volkskas || !vbs) throw new Error('both are former banks');
    expect(formerBankMessage(volkskas)).toBe(
      "Volkskas Bank (ABSA) no longer exists: its accounts are now ABSA Bank's. Please choose ABSA Bank.",
    );
    expect(formerBankMessage(vbs)).toBe(
      'VBS Mutual Bank no longer exists. Please choose the bank that holds the account now.',
    );
    expect(bankDisplayName('VBS Mutual Bank')).toBe('VBS Mutual Bank (former bank)');
    expect(bankDisplayName('Nedbank')).toBe('Nedbank');
  });

  it('offers new banking details the banks that exist, and an account on file its own former bank', () => {
    const lookup = PAYSOFT_BANKS.map((b) => ({ ...b, former: isFormerBank(b.name) }));
    const fresh = bankOptions(lookup, '');
    expect(fresh.map((o) => o.value)).toContain('ABSA Bank');
    expect(fresh.map((o) => o.value)).not.toContain('Volkskas Bank (ABSA)');
    expect(fresh.map((o) => o.value)).not.toContain('VBS Mutual Bank');
    const onFile = bankOptions(lookup, 'VBS Mutual Bank');
    expect(onFile.find((o) => o.value === 'VBS Mutual Bank')?.label).toBe('VBS Mutual Bank (former bank)');
    expect(onFile.map((o) => o.value)).not.toContain('Saambou Bank (FNB)');
  });

  it('refuses a new debit order on a former bank, saying so', () => {
    const saambou = PAYSOFT_BANKS.find((b) => b.name === 'Saambou Bank (FNB)');
    const result = v.safeParse(debitOrderSchema, {
      bankId: saambou?.id,
      accountType: 1,
      accountNumber: '62000000000',
      accountHolderName: 'Thandi Mokoena',
      idNumber: '8001015009087',
      mandateAccepted: true,
    });
    const messages = result.issues?.filter((i) => v.getDotPath(i) === 'bankId').map((i) => i.message);
    expect(messages).toEqual([
      'Saambou Bank (FNB) no longer exists. Please select the bank that holds your account now.',
    ]);
  });
});

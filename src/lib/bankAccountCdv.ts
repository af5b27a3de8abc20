import { PAYSOFT_BANKS, type PaysoftBank } from './banks';

/**
 * The check we run on a debit order's bank account before anything goes to Paysoft (SPEC §3's
 * universal branch codes; docs/api/donations.md "Paysoft debit orders"). Pure, shared by the
 * form and the server.
 *
 * What it checks: the bank is one of the Paysoft list's banks with a universal branch code (an
 * Other/International account cannot be debited), the account number is digits only (spaces
 * and dashes are ignored), at most 11 digits (the ACB/BankservAfrica record's account number
 * field), not all one digit, and of a length the bank issues (below). BankservAfrica's full CDV
 * tables (per-branch weightings and modulus 10/11 with exceptions) are licensed to banks and
 * bureaus and not published; Paysoft runs them on every account it is given (its API answers
 * the accounts that fail CDV), so a number that passes here can still be refused there, with
 * the same message to the donor.
 */

export const CDV_MESSAGE = 'The account number or branch code entered is invalid, please try again.';

/** Account-number lengths per universal branch code, from the banks' published account formats. */
const LENGTHS: Readonly<Record<string, readonly [number, number]>> = {
  '632005': [9, 11], // ABSA
  '470010': [10, 10], // Capitec
  '450105': [10, 10], // Capitec Business, Mercantile
  '250655': [10, 11], // FNB (62… accounts are 11)
  '261251': [10, 11], // RMB (FirstRand)
  '198765': [9, 11], // Nedbank
  '051001': [9, 11], // Standard Bank
  '678910': [11, 11], // TymeBank
  '430000': [11, 11], // African Bank
  '679000': [10, 11], // Discovery Bank
  '580105': [10, 11], // Investec
  '888000': [10, 11], // Bank Zero
};
const DEFAULT_LENGTHS: readonly [number, number] = [6, 11];

/** Spaces and dashes removed. */
export const normaliseAccountNumber = (value: string): string => value.replace(/[\s-]+/g, '');

/** The debitable bank of `GET /paysoft/banks` id `bankId`, or null (unknown, or Other/International). */
export function debitableBank(bankId: number): PaysoftBank | null {
  const bank = PAYSOFT_BANKS.find((b) => b.id === bankId);
  return bank && bank.paysoftMapping !== '' ? bank : null;
}

/** The universal branch code a debit order on `bankId` uses (SPEC §3), or null when it cannot be debited. */
export const branchCodeOf = (bankId: number): string | null => debitableBank(bankId)?.paysoftMapping ?? null;

/** True when `accountNumber` can be an account at the bank `branchCode` names. */
export function passesCdv(branchCode: string, accountNumber: string): boolean {
  const account = normaliseAccountNumber(accountNumber);
  if (!/^\d{6}$/.test(branchCode)) return false;
  if (!/^\d+$/.test(account)) return false;
  const [min, max] = LENGTHS[branchCode] ?? DEFAULT_LENGTHS;
  if (account.length < min || account.length > max) return false;
  return !/^(\d)\1*$/.test(account);
}

/** The account as every view, API answer and mail shows it: all but the last four digits hidden. */
export function maskAccountNumber(accountNumber: string): string {
  const account = normaliseAccountNumber(accountNumber);
  return `${'•'.repeat(Math.max(0, account.length - 4))}${account.slice(-4)}`;
}

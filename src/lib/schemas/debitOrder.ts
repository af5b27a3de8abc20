import * as v from 'valibot';
import { branchCodeOf, CDV_MESSAGE, normaliseAccountNumber, passesCdv } from '~/lib/bankAccountCdv';
import { isFormerBank, paysoftBankName } from '~/lib/banks';
import { AccountType } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { digitsOf, isSaIdNumber } from '~/lib/saIdNumber';
import { singleLine } from './textRules';

/**
 * A monthly gift by Paysoft debit order (payment method 7): the `debitOrder` object of
 * `POST /donationsscheduler` (docs/api/donations.md "Paysoft debit orders"). Its own module so
 * only the debit-order part of the donation form (a lazy chunk) and the server load it.
 */

export const DEBIT_ORDER_MESSAGES = {
  required: 'Please enter the bank account to debit.',
  bank: 'Please select your bank.',
  accountType: 'Please select the account type.',
  accountHolder: "Please enter the account holder's name.",
  accountHolderTooLong: "The account holder's name must be at most 100 characters",
  accountNumber: 'Please enter your account number.',
  idNumber: 'Please enter a valid South African ID number.',
  mandate: 'Please accept the debit order mandate.',
  cdv: CDV_MESSAGE,
} as const;

type DebitOrderMessageKey = keyof typeof DEBIT_ORDER_MESSAGES;

/** Each message in the language of the moment it is given (issue 27); English is the constant's. */
const DEBIT_ORDER_MESSAGE_TEXTS: Record<DebitOrderMessageKey, () => string> = {
  required: () => m.donation_err_debit_required(),
  bank: () => m.donation_err_debit_bank(),
  accountType: () => m.donation_err_debit_account_type(),
  accountHolder: () => m.donation_err_debit_holder(),
  accountHolderTooLong: () => m.donation_err_debit_holder_long(),
  accountNumber: () => m.donation_err_debit_account_number(),
  idNumber: () => m.donation_err_debit_id(),
  mandate: () => m.donation_err_debit_mandate(),
  cdv: () => m.donation_err_cdv(),
};

/** A DEBIT_ORDER_MESSAGES text in the current language. */
export const debitOrderMessage = (key: DebitOrderMessageKey): string => DEBIT_ORDER_MESSAGE_TEXTS[key]();

const said = (key: DebitOrderMessageKey) => DEBIT_ORDER_MESSAGE_TEXTS[key];

export const DEBIT_ORDER_ACCOUNT_TYPES = [
  { id: AccountType.Savings, name: 'Savings' },
  { id: AccountType.Cheque, name: 'Cheque (current)' },
  { id: AccountType.Business, name: 'Business' },
] as const;

/** An account type's name in the current language ('Savings', 'Cheque (current)', 'Business'). */
export function accountTypeName(id: AccountType): string {
  if (id === AccountType.Savings) return m.donation_account_savings();
  if (id === AccountType.Cheque) return m.donation_account_cheque();
  if (id === AccountType.Business) return m.donation_account_business();
  return DEBIT_ORDER_ACCOUNT_TYPES.find((type) => type.id === id)?.name ?? String(id);
}

const required = <S extends v.GenericSchema>(schema: S) =>
  v.optional(v.pipe(v.unknown(), v.config(schema, { abortPipeEarly: true })), null);

export const debitOrderSchema = v.pipe(
  v.object({
    bankId: required(v.pipe(v.number(said('bank')), v.integer(said('bank')))),
    accountType: required(v.picklist(Object.values(AccountType), said('accountType'))),
    accountNumber: required(
      v.pipe(
        v.string(said('accountNumber')),
        v.transform(normaliseAccountNumber),
        v.nonEmpty(said('accountNumber')),
        v.maxLength(20, said('cdv')),
      ),
    ),
    accountHolderName: required(
      v.pipe(
        v.string(said('accountHolder')),
        v.trim(),
        v.nonEmpty(said('accountHolder')),
        v.maxLength(100, said('accountHolderTooLong')),
        singleLine('Account holder', () => m.donation_err_account_holder_chars()),
      ),
    ),
    idNumber: required(
      v.pipe(v.string(said('idNumber')), v.transform(digitsOf), v.check(isSaIdNumber, said('idNumber'))),
    ),
    mandateAccepted: required(v.literal(true, said('mandate'))),
  }),
  // A new debit order may not name a bank that no longer exists (Volkskas, Saambou…).
  v.forward(
    v.partialCheck(
      [['bankId']],
      (d) => !isFormerBank(paysoftBankName(d.bankId as number)),
      (issue) =>
        m.donation_err_debit_former_bank({
          bank: paysoftBankName((issue.input as { bankId: number }).bankId) ?? '',
        }),
    ),
    ['bankId'],
  ),
  // The bank gives the universal branch code (SPEC §3); the account is checked against it.
  v.forward(
    v.partialCheck(
      [['bankId'], ['accountNumber']],
      (d) => {
        const branch = branchCodeOf(d.bankId as number);
        return branch !== null && passesCdv(branch, d.accountNumber as string);
      },
      said('cdv'),
    ),
    ['accountNumber'],
  ),
);
export type DebitOrderInput = v.InferOutput<typeof debitOrderSchema>;

/** The part of `POST /donationsscheduler` that only payment method 7 reads. */
export const debitOrderRequestSchema = v.object({
  debitOrder: v.optional(
    v.pipe(v.unknown(), v.nonNullable(v.unknown(), said('required')), debitOrderSchema),
    null,
  ),
});

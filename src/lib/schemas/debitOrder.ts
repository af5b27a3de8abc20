import * as v from 'valibot';
import { branchCodeOf, CDV_MESSAGE, normaliseAccountNumber, passesCdv } from '~/lib/bankAccountCdv';
import { AccountType } from '~/lib/enums';
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

export const DEBIT_ORDER_ACCOUNT_TYPES = [
  { id: AccountType.Savings, name: 'Savings' },
  { id: AccountType.Cheque, name: 'Cheque (current)' },
  { id: AccountType.Business, name: 'Business' },
] as const;

const required = <S extends v.GenericSchema>(schema: S) =>
  v.optional(v.pipe(v.unknown(), v.config(schema, { abortPipeEarly: true })), null);

export const debitOrderSchema = v.pipe(
  v.object({
    bankId: required(v.pipe(v.number(DEBIT_ORDER_MESSAGES.bank), v.integer(DEBIT_ORDER_MESSAGES.bank))),
    accountType: required(v.picklist(Object.values(AccountType), DEBIT_ORDER_MESSAGES.accountType)),
    accountNumber: required(
      v.pipe(
        v.string(DEBIT_ORDER_MESSAGES.accountNumber),
        v.transform(normaliseAccountNumber),
        v.nonEmpty(DEBIT_ORDER_MESSAGES.accountNumber),
        v.maxLength(20, CDV_MESSAGE),
      ),
    ),
    accountHolderName: required(
      v.pipe(
        v.string(DEBIT_ORDER_MESSAGES.accountHolder),
        v.trim(),
        v.nonEmpty(DEBIT_ORDER_MESSAGES.accountHolder),
        v.maxLength(100, DEBIT_ORDER_MESSAGES.accountHolderTooLong),
        singleLine('Account holder'),
      ),
    ),
    idNumber: required(
      v.pipe(
        v.string(DEBIT_ORDER_MESSAGES.idNumber),
        v.transform(digitsOf),
        v.check(isSaIdNumber, DEBIT_ORDER_MESSAGES.idNumber),
      ),
    ),
    mandateAccepted: required(v.literal(true, DEBIT_ORDER_MESSAGES.mandate)),
  }),
  // The bank gives the universal branch code (SPEC §3); the account is checked against it.
  v.forward(
    v.partialCheck(
      [['bankId'], ['accountNumber']],
      (d) => {
        const branch = branchCodeOf(d.bankId as number);
        return branch !== null && passesCdv(branch, d.accountNumber as string);
      },
      CDV_MESSAGE,
    ),
    ['accountNumber'],
  ),
);
export type DebitOrderInput = v.InferOutput<typeof debitOrderSchema>;

/** The part of `POST /donationsscheduler` that only payment method 7 reads. */
export const debitOrderRequestSchema = v.object({
  debitOrder: v.optional(
    v.pipe(v.unknown(), v.nonNullable(v.unknown(), DEBIT_ORDER_MESSAGES.required), debitOrderSchema),
    null,
  ),
});

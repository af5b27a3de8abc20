import * as v from 'valibot';
import { BankingIdType } from '~/lib/enums';
import { flag, integerIn, nullableInteger, nullableText, oneMessagePerField } from './campaignFields';
import { singleLine } from './textRules';

/** `PATCH /campaigns/{id}/verification`: the `bankingDetails` JSON field of the multipart body. */

export const VERIFICATION_MESSAGES = {
  bankingDetails: 'Please enter your banking details.',
  accountHolderName: 'Please enter the account holder’s name.',
  accountHolderNameTooLong: 'The account holder’s name must be at most 100 characters.',
  idType: 'Please choose an ID type.',
  idNumber: 'Please enter the ID number.',
  idNumberTooLong: 'The ID number must be at most 30 characters.',
  saIdNumber: 'A South African ID number has 13 digits.',
  statementReference: 'The statement reference must be at most 20 characters.',
  bankName: 'Please choose your bank.',
  bankNameTooLong: 'The bank name must be at most 100 characters.',
  accountNumber: 'Please enter the account number.',
  localAccountNumber: 'A South African account number has 6 to 16 digits.',
  internationalAccountNumber: 'The account number (or IBAN) must be 6 to 34 letters and digits.',
  bankCode: 'The branch code must be 6 digits.',
  swiftCode: 'Please enter a valid SWIFT code (8 or 11 letters and digits).',
  accountType: 'Please choose an account type.',
  flag: 'Please answer yes or no.',
  identificationRequired: 'Please upload an identity document.',
  tooManyIdentification: 'Please upload at most 2 identity documents.',
  tooManySupporting: 'Please upload at most 5 supporting documents.',
  submitted: 'Campaign verification submitted successfully',
} as const;

export const VERIFICATION_LIMITS = { identification: 2, supporting: 5 } as const;

const requiredText = (missing: string, max: number, tooLong: string, label: string) =>
  v.optional(
    v.config(
      v.pipe(v.string(missing), v.trim(), v.nonEmpty(missing), v.maxLength(max, tooLong), singleLine(label)),
      { abortPipeEarly: true },
    ),
    '',
  );

const optionalLine = (max: number, tooLong: string, label: string) =>
  v.optional(oneMessagePerField(v.pipe(nullableText(max, tooLong), singleLine(label))), null);

const compact = (value: string | null): string | null => (value === null ? null : value.replace(/\s+/g, ''));

/**
 * Field rules stop at their first failure; the checks across fields (which
 * depend on `isInternational`) all run, so every wrong field is named at once.
 */
export const bankingDetailsSchema = v.config(
  v.pipe(
    v.object(
      {
        accountHolderName: requiredText(
          VERIFICATION_MESSAGES.accountHolderName,
          100,
          VERIFICATION_MESSAGES.accountHolderNameTooLong,
          'Account holder name',
        ),
        idType: v.optional(oneMessagePerField(integerIn(VERIFICATION_MESSAGES.idType, 0, 4)), null),
        idNumber: requiredText(
          VERIFICATION_MESSAGES.idNumber,
          30,
          VERIFICATION_MESSAGES.idNumberTooLong,
          'ID number',
        ),
        statementReference: optionalLine(20, VERIFICATION_MESSAGES.statementReference, 'Statement reference'),
        bankName: optionalLine(100, VERIFICATION_MESSAGES.bankNameTooLong, 'Bank name'),
        bankNameAlt: optionalLine(100, VERIFICATION_MESSAGES.bankNameTooLong, 'Bank name'),
        accountNumber: requiredText(
          VERIFICATION_MESSAGES.accountNumber,
          40,
          VERIFICATION_MESSAGES.accountNumber,
          'Account number',
        ),
        bankCode: v.optional(
          v.pipe(nullableText(20, VERIFICATION_MESSAGES.bankCode), v.transform(compact)),
          null,
        ),
        swiftCode: v.optional(
          v.pipe(
            nullableText(20, VERIFICATION_MESSAGES.swiftCode),
            v.transform((value) => compact(value)?.toUpperCase() ?? null),
          ),
          null,
        ),
        accountType: v.optional(
          oneMessagePerField(nullableInteger(VERIFICATION_MESSAGES.accountType, 0, 2)),
          null,
        ),
        isInternational: v.optional(flag(VERIFICATION_MESSAGES.flag), false),
      },
      VERIFICATION_MESSAGES.bankingDetails,
    ),
    v.transform((details) => ({ ...details, accountNumber: details.accountNumber.replace(/[\s-]+/g, '') })),
    v.forward(
      v.check(
        (d) => d.idType !== BankingIdType.SAIdNumber || /^\d{13}$/.test(d.idNumber.replace(/\s+/g, '')),
        VERIFICATION_MESSAGES.saIdNumber,
      ),
      ['idNumber'],
    ),
    v.forward(
      v.check(
        (d) =>
          d.isInternational
            ? /^[A-Za-z0-9]{6,34}$/.test(d.accountNumber)
            : /^\d{6,16}$/.test(d.accountNumber),
        (issue) =>
          (issue.input as { isInternational?: boolean }).isInternational
            ? VERIFICATION_MESSAGES.internationalAccountNumber
            : VERIFICATION_MESSAGES.localAccountNumber,
      ),
      ['accountNumber'],
    ),
    v.forward(
      v.check(
        (d) => d.isInternational || d.bankName !== null || d.bankCode !== null,
        VERIFICATION_MESSAGES.bankName,
      ),
      ['bankName'],
    ),
    v.forward(
      v.check(
        (d) => d.isInternational || d.bankCode === null || /^\d{6}$/.test(d.bankCode),
        VERIFICATION_MESSAGES.bankCode,
      ),
      ['bankCode'],
    ),
    v.forward(
      v.check(
        (d) =>
          !d.isInternational || (d.swiftCode !== null && /^[A-Z0-9]{8}([A-Z0-9]{3})?$/.test(d.swiftCode)),
        VERIFICATION_MESSAGES.swiftCode,
      ),
      ['swiftCode'],
    ),
    v.forward(
      v.check((d) => d.isInternational || d.accountType !== null, VERIFICATION_MESSAGES.accountType),
      ['accountType'],
    ),
  ),
  { abortPipeEarly: false },
);

export type BankingDetailsInput = v.InferOutput<typeof bankingDetailsSchema>;

export const campaignVerificationSchema = oneMessagePerField(
  v.object({
    bankingDetails: v.optional(bankingDetailsSchema, {}),
  }),
);

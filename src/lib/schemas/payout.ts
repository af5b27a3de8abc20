import * as v from 'valibot';
import type { BluetickPayoutOption } from '~/lib/contracts/payouts';
import { BankingIdType } from '~/lib/enums';
import { nullableNumber, nullableText, oneMessagePerField, uuidField } from './campaignFields';
import { bankingDetailsSchema, VERIFICATION_MESSAGES } from './campaignVerification';
import { multiLine } from './textRules';

/** Payout requests (docs/api/payouts.md): `POST /payouts/` (JSON) and `POST /payouts/bluetick-payout` (form). */

export const PAYOUT_MESSAGES = {
  campaigns: 'Please choose the campaigns to pay out from.',
  tooManyCampaigns: 'Please choose at most 50 campaigns.',
  repeatedCampaign: 'Each campaign can appear only once.',
  campaign: 'Please choose a campaign.',
  amount: 'Please enter the amount to pay out.',
  amountPositive: 'The amount to pay out must be more than 0.',
  amountDecimals: 'The amount can have at most 2 decimals.',
  amountMax: 'The max amount is 1 000 000 000',
  nothingToPayOut: 'Please enter an amount to pay out.',
  minimumRand:
    'The minimum payout is R 100, unless you are closing the campaign and withdrawing what is left.',
  minimumDollar:
    'The minimum payout is US $ 10, unless you are closing the campaign and withdrawing what is left.',
  tip: 'The tip must be a percentage from 0 to 100.',
  description: 'The description must be at most 500 characters.',
  notes: 'The notes must be at most 1 000 characters.',
  accountHolderEmail: 'Please enter a valid email address.',
  payoutOption: 'Please choose to pay by invoice or to your banking details.',
  created: 'Payout requested successfully.',
} as const;

/** SPEC §9: the tip an organisation is offered on a payout; a single campaign's payout offers none. */
export const PAYOUT_TIP_DEFAULTS = { organisation: 3, campaign: 0 } as const;

export const PayoutOption = {
  Invoice: 'invoice',
  Banking: 'bankingDetails',
} as const satisfies Record<string, BluetickPayoutOption>;

const hasAtMostTwoDecimals = (value: number) => /^-?\d+(\.\d{1,2})?$/.test(String(value));

/** An amount of money (typed or as text), 0 or more, at most 2 decimals. */
const amountField = (positive: boolean) =>
  oneMessagePerField(
    v.pipe(
      v.optional(nullableNumber(PAYOUT_MESSAGES.amount), null),
      v.check((n) => n !== null, PAYOUT_MESSAGES.amount),
      v.transform((n) => n as number),
      v.check((n) => (positive ? n > 0 : n >= 0), PAYOUT_MESSAGES.amountPositive),
      v.check((n) => n <= 1_000_000_000, PAYOUT_MESSAGES.amountMax),
      v.check(hasAtMostTwoDecimals, PAYOUT_MESSAGES.amountDecimals),
    ),
  );

/** A tip percentage 0–100 (at most 2 decimals); absent or empty gives null (the default applies). */
const tipField = oneMessagePerField(
  v.pipe(
    v.optional(nullableNumber(PAYOUT_MESSAGES.tip), null),
    v.check((n) => n === null || (n >= 0 && n <= 100 && hasAtMostTwoDecimals(n)), PAYOUT_MESSAGES.tip),
  ),
);

const textFields = {
  description: v.optional(
    v.pipe(nullableText(500, PAYOUT_MESSAGES.description), multiLine('Description')),
    null,
  ),
  notes: v.optional(v.pipe(nullableText(1000, PAYOUT_MESSAGES.notes), multiLine('Notes')), null),
};

/**
 * `POST /payouts/`: one entry is one campaign, several are an organisation's campaigns. An
 * entry of 0 (a campaign the organisation form left out) is allowed and dropped; at least
 * one amount must be above 0.
 */
export const payoutRequestSchema = oneMessagePerField(
  v.object({
    campaignFundingInfo: v.pipe(
      v.array(
        v.object({ id: uuidField(PAYOUT_MESSAGES.campaign), payoutAmount: amountField(false) }),
        PAYOUT_MESSAGES.campaigns,
      ),
      v.minLength(1, PAYOUT_MESSAGES.campaigns),
      v.maxLength(50, PAYOUT_MESSAGES.tooManyCampaigns),
      v.check(
        (list) => new Set(list.map((e) => e.id)).size === list.length,
        PAYOUT_MESSAGES.repeatedCampaign,
      ),
      v.check((list) => list.some((e) => e.payoutAmount > 0), PAYOUT_MESSAGES.nothingToPayOut),
    ),
    tipPercentage: tipField,
    ...textFields,
  }),
);

export type PayoutRequestInput = v.InferOutput<typeof payoutRequestSchema>;

const OPTION_NAMES: Readonly<Record<string, BluetickPayoutOption>> = {
  '': PayoutOption.Invoice,
  invoice: PayoutOption.Invoice,
  bankingdetails: PayoutOption.Banking,
  banking: PayoutOption.Banking,
};

/**
 * `?payoutOption=`: `invoice` (the default, SPEC §3) or `bankingDetails` (`banking` too);
 * anything else is 400.
 */
export const payoutOptionSchema = v.pipe(
  v.nullable(v.string()),
  v.transform(
    (value): BluetickPayoutOption | null => OPTION_NAMES[(value ?? '').trim().toLowerCase()] ?? null,
  ),
  v.check((option) => option !== null, PAYOUT_MESSAGES.payoutOption),
  v.transform((option) => option as BluetickPayoutOption),
);

const [bankingObject, ...bankingChecks] = bankingDetailsSchema.pipe;

/**
 * The supplier's banking details on a Bluetick invoice: the campaign verification's rules,
 * with the holder's email (SPEC §3) and without an ID number (a supplier is a business;
 * its type defaults to BlueTick).
 */
export const supplierBankingSchema = v.config(
  v.pipe(
    v.object(
      {
        ...bankingObject.entries,
        idType: v.optional(
          v.pipe(
            v.unknown(),
            v.transform((type) => (type === null || type === '' ? BankingIdType.BlueTick : type)),
            bankingObject.entries.idType,
          ),
          BankingIdType.BlueTick,
        ),
        idNumber: v.optional(
          v.pipe(
            v.string(VERIFICATION_MESSAGES.idNumber),
            v.trim(),
            v.maxLength(30, VERIFICATION_MESSAGES.idNumberTooLong),
          ),
          '',
        ),
        accountHolderEmail: v.optional(
          v.pipe(
            nullableText(50, PAYOUT_MESSAGES.accountHolderEmail),
            v.check(
              (e) => e === null || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(e),
              PAYOUT_MESSAGES.accountHolderEmail,
            ),
          ),
          null,
        ),
      },
      VERIFICATION_MESSAGES.bankingDetails,
    ),
    ...(bankingChecks as unknown as []),
  ),
  { abortPipeEarly: false },
);

export type SupplierBankingInput = v.InferOutput<typeof supplierBankingSchema>;

/** `POST /payouts/bluetick-payout`: the text fields of the form (the invoice is a file). */
export const bluetickPayoutSchema = oneMessagePerField(
  v.object({
    campaignId: uuidField(PAYOUT_MESSAGES.campaign),
    payoutAmount: amountField(true),
    tipPercentage: tipField,
    ...textFields,
  }),
);

export type BluetickPayoutInput = v.InferOutput<typeof bluetickPayoutSchema>;

/** The `bankingDetails` JSON field the invoice option needs (the supplier's account). */
export const supplierBankingFieldSchema = oneMessagePerField(
  v.object({ bankingDetails: v.optional(supplierBankingSchema, {}) }),
);

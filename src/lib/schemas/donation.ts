import * as v from 'valibot';
import {
  Currency,
  DONATION_MAX_AMOUNT,
  DONATION_MIN_AMOUNT,
  DonationStatus,
  DonationType,
  FIELD_LIMITS,
  PaymentGateway,
  RecurringDay,
  RecurringDuration,
} from '~/lib/enums';
import { emailSchema, firstNameSchema, lastNameSchema } from './auth';
import { multiLine, singleLine } from './textRules';

/**
 * The donation forms' rules (SPEC §5), shared by the donation island and the
 * donation endpoints, so no server imports. Messages are SPEC's, word for word;
 * the decimals, tip, once-off range and token messages are our own.
 */

export const DONATION_MESSAGES = {
  paymentType: 'Please select a payment type.',
  currency: 'Please select a currency',
  amountRequired: 'Please enter a donation amount.',
  amountMax: 'The max amount is 1 000 000 000',
  amountMinRand: 'The minimum amount is R 20',
  amountMinDollar: 'The minimum amount is US $ 5',
  amountDecimals: 'Amounts can have at most 2 decimal places.',
  paymentMethod: 'Please select a payment method.',
  firstNameCharacters: 'First name should not contain any special characters',
  lastNameCharacters: 'Surname should not contain any special characters',
  invalidEmail: 'Invalid email format.',
  mobileLength: 'Please complete mobile number',
  mobileRequired: 'Please enter your mobile number.',
  anonymous: 'Please choose an anonymity setting.',
  // SPEC: the limit is 29 but its message says 30.
  displayNameTooLong: 'Display name must be at most 30 characters',
  commentTooLong: `Comment must be at most ${FIELD_LIMITS.comment} characters`,
  tipRequired: 'Tip amount not entered',
  tipNegative: 'Tip amount cannot be negative.',
  tipMax: 'The max tip amount is 1 000 000 000',
  recaptcha: 'Invalid reCAPTCHA token.',
  term: 'Please select a recurrence term.',
  deductionDay: 'Please select a deduction day.',
  cardConsent: 'You must agree to store your card details for recurring donations',
  onceOffAmount: 'The once-off amount must be between 0 and 1 000 000 000',
} as const;

/** The minimum-amount message per currency id. */
const AMOUNT_MIN_MESSAGES: Readonly<Record<Currency, string>> = {
  [Currency.Rand]: DONATION_MESSAGES.amountMinRand,
  [Currency.Dollar]: DONATION_MESSAGES.amountMinDollar,
};

/** A new donation's starting values (SPEC §3). */
export const DONATION_DEFAULTS = {
  type: DonationType.OneOff,
  currencyId: Currency.Rand,
  paymentMethod: PaymentGateway.InstantEFT,
  status: DonationStatus.Pending,
} as const;

/** Stops at a field's first failed rule. */
const firstMessageOnly = <S extends v.GenericSchema>(schema: S) => v.config(schema, { abortPipeEarly: true });

/**
 * A required non-string field: a missing key is checked as null so it gets the
 * field's own message rather than valibot's generic one about the object.
 */
const present = <S extends v.GenericSchema>(schema: S) =>
  v.optional(v.pipe(v.unknown(), firstMessageOnly(schema)), null);

/** At most two decimals; `String` of a number up to the max never uses exponent notation. */
const hasAtMostTwoDecimals = (value: number) => /^-?\d+(\.\d{1,2})?$/.test(String(value));

/** An amount without its currency's minimum: a number, at most the max, in cents. */
const amountWithoutMinimum = v.pipe(
  v.number(DONATION_MESSAGES.amountRequired),
  v.maxValue(DONATION_MAX_AMOUNT, DONATION_MESSAGES.amountMax),
  v.check(hasAtMostTwoDecimals, DONATION_MESSAGES.amountDecimals),
);

/** A donation amount in `currencyId`: required, at most 1 000 000 000, at least the currency's minimum, in cents. */
export const amountSchema = (currencyId: Currency) =>
  firstMessageOnly(
    v.pipe(
      v.number(DONATION_MESSAGES.amountRequired),
      v.maxValue(DONATION_MAX_AMOUNT, DONATION_MESSAGES.amountMax),
      v.minValue(DONATION_MIN_AMOUNT[currencyId], AMOUNT_MIN_MESSAGES[currencyId]),
      v.check(hasAtMostTwoDecimals, DONATION_MESSAGES.amountDecimals),
    ),
  );

const optionalText = (max: number, message: string, lines: v.CheckAction<string, string>) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.maxLength(max, message), lines), '');

const isMobileLength = (value: string) =>
  value.length >= FIELD_LIMITS.mobileMin && value.length <= FIELD_LIMITS.mobileMax;

/** An optional mobile number, 6 to 16 characters once trimmed; empty or absent gives null. */
const optionalMobileSchema = v.optional(
  firstMessageOnly(
    v.pipe(
      v.nullable(v.string(DONATION_MESSAGES.mobileLength)),
      v.transform((value) => value?.trim() ?? ''),
      v.check((value) => value === '' || isMobileLength(value), DONATION_MESSAGES.mobileLength),
      v.transform((value): string | null => (value === '' ? null : value)),
    ),
  ),
  null,
);

/** A required mobile number, 6 to 16 characters once trimmed. */
const requiredMobileSchema = v.optional(
  firstMessageOnly(
    v.pipe(
      v.string(DONATION_MESSAGES.mobileRequired),
      v.trim(),
      v.nonEmpty(DONATION_MESSAGES.mobileRequired),
      v.check(isMobileLength, DONATION_MESSAGES.mobileLength),
    ),
  ),
  '',
);

const termSchema = present(v.picklist(Object.values(RecurringDuration), DONATION_MESSAGES.term));
const deductionDaySchema = present(v.picklist(Object.values(RecurringDay), DONATION_MESSAGES.deductionDay));

/**
 * Which campaign: `campaignId` (its uuid) or, without one, `campaignUrl` (its url or
 * short code). Never a validation message: anything but non-empty text counts as absent,
 * and a campaign that cannot be found is the endpoint's 404.
 */
const campaignRefEntries = {
  campaignId: v.fallback(v.optional(v.pipe(v.string(), v.nonEmpty())), undefined),
  campaignUrl: v.fallback(v.optional(v.pipe(v.string(), v.trim(), v.nonEmpty())), undefined),
};

const singleDonationEntries = {
  ...campaignRefEntries,
  type: present(v.picklist([DonationType.OneOff, DonationType.Recurring], DONATION_MESSAGES.paymentType)),
  currencyId: present(v.picklist(Object.values(Currency), DONATION_MESSAGES.currency)),
  // The currency's minimum is checked on the whole object (meetsCurrencyMinimum).
  amount: present(amountWithoutMinimum),
  paymentMethod: present(v.picklist(Object.values(PaymentGateway), DONATION_MESSAGES.paymentMethod)),
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  mobileNumber: optionalMobileSchema,
  anonymous: present(v.boolean(DONATION_MESSAGES.anonymous)),
  displayName: optionalText(
    FIELD_LIMITS.displayName,
    DONATION_MESSAGES.displayNameTooLong,
    singleLine('Display name'),
  ),
  comment: optionalText(FIELD_LIMITS.comment, DONATION_MESSAGES.commentTooLong, multiLine('Comment')),
  tipOrAdminFeeAmount: present(
    v.pipe(
      v.number(DONATION_MESSAGES.tipRequired),
      v.minValue(0, DONATION_MESSAGES.tipNegative),
      v.maxValue(DONATION_MAX_AMOUNT, DONATION_MESSAGES.tipMax),
      v.check(hasAtMostTwoDecimals, DONATION_MESSAGES.amountDecimals),
    ),
  ),
  recaptchaToken: v.optional(
    v.pipe(v.string(DONATION_MESSAGES.recaptcha), v.maxLength(4000, DONATION_MESSAGES.recaptcha)),
  ),
  /**
   * Where the donor came from: the campaign link's `?ref=`, or 'direct'. Passed through here, so the
   * donation form (which only sends what the page gave it) carries no list; the server checks it is
   * a channel before anything else (donations/rules.ts assertReferralChannel).
   */
  referralChannel: v.optional(v.unknown()),
};

/** The currency's minimum; checked on the object, once currency and amount are otherwise valid. */
const meetsCurrencyMinimum = (input: { currencyId: Currency; amount: number }) =>
  input.amount >= DONATION_MIN_AMOUNT[input.currencyId];
const currencyMinimumMessage = (issue: v.BaseIssue<unknown>) =>
  AMOUNT_MIN_MESSAGES[(issue.input as { currencyId: Currency }).currencyId];

/** A once-off donation (SPEC §5 "Single donation"). */
export const singleDonationSchema = v.pipe(
  v.object(singleDonationEntries),
  v.forward(v.partialCheck([['currencyId'], ['amount']], meetsCurrencyMinimum, currencyMinimumMessage), [
    'amount',
  ]),
);
export type SingleDonationInput = v.InferOutput<typeof singleDonationSchema>;

/** A recurring donation: the single donation's rules plus SPEC §5 "Recurring donation (adds)". */
export const recurringDonationSchema = v.pipe(
  v.object({
    ...singleDonationEntries,
    term: termSchema,
    deductionDate: deductionDaySchema,
    mobileNumber: requiredMobileSchema,
    cardConsent: present(v.literal(true, DONATION_MESSAGES.cardConsent)),
    onceOffAmount: v.nullish(
      firstMessageOnly(
        v.pipe(
          v.number(DONATION_MESSAGES.onceOffAmount),
          v.minValue(0, DONATION_MESSAGES.onceOffAmount),
          v.maxValue(DONATION_MAX_AMOUNT, DONATION_MESSAGES.onceOffAmount),
          v.check(hasAtMostTwoDecimals, DONATION_MESSAGES.amountDecimals),
        ),
      ),
    ),
  }),
  v.forward(v.partialCheck([['currencyId'], ['amount']], meetsCurrencyMinimum, currencyMinimumMessage), [
    'amount',
  ]),
);
export type RecurringDonationInput = v.InferOutput<typeof recurringDonationSchema>;

const nullableText = (max: number, message: string, lines: v.CheckAction<string, string>) =>
  v.optional(v.nullable(v.pipe(v.string(message), v.trim(), v.maxLength(max, message), lines)));

/**
 * What the holder of a donation's token may change while it is pending
 * (`PATCH /donations/{token}`); `status` is checked by the service, so any
 * value but 3 gets its own message.
 */
export const donationPatchSchema = v.object({
  status: v.optional(v.unknown()),
  comment: nullableText(FIELD_LIMITS.comment, DONATION_MESSAGES.commentTooLong, multiLine('Comment')),
  displayName: nullableText(
    FIELD_LIMITS.displayName,
    DONATION_MESSAGES.displayNameTooLong,
    singleLine('Display name'),
  ),
  anonymous: v.optional(v.boolean(DONATION_MESSAGES.anonymous)),
});

/** The amount an admin saw arrive for an EFT donation (`POST /donations/{id}/eft-received`). */
// A finite number: JSON's 1e400 reads as Infinity, which no transfer can be.
export const eftReceivedSchema = v.object({
  amount: v.pipe(v.number(DONATION_MESSAGES.amountRequired), v.finite(DONATION_MESSAGES.amountRequired)),
});

/** Only a recurring donation's amount, term and deduction day, for a donation in `currencyId`. */
export const recurringScheduleSchema = (currencyId: Currency = DONATION_DEFAULTS.currencyId) =>
  v.object({
    amount: present(amountSchema(currencyId)),
    term: termSchema,
    deductionDate: deductionDaySchema,
  });

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
import { m } from '~/lib/i18n';
import { emailSchema, firstNameSchema, lastNameSchema } from './auth';
import { optionalPhoneOrNullSchema, requiredPhoneSchema } from './phone';
import { multiLine, singleLine, type TextCheck } from './textRules';

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

/** The minimum amount as the messages write it: 'R 20', 'US $ 5'. */
const MINIMUM_AMOUNT_TEXT: Readonly<Record<Currency, string>> = {
  [Currency.Rand]: `R ${DONATION_MIN_AMOUNT[Currency.Rand]}`,
  [Currency.Dollar]: `US $ ${DONATION_MIN_AMOUNT[Currency.Dollar]}`,
};

type DonationMessageKey = keyof typeof DONATION_MESSAGES;

/**
 * Each message in the language of the moment it is given (issue 27); the English text is the
 * constant's above, word for word. Functions, so valibot asks for them at validation time.
 */
const DONATION_MESSAGE_TEXTS: Record<DonationMessageKey, () => string> = {
  paymentType: () => m.donation_err_payment_type(),
  currency: () => m.donation_err_currency(),
  amountRequired: () => m.donation_err_amount_required(),
  amountMax: () => m.donation_err_amount_max(),
  amountMinRand: () => m.donation_err_amount_min({ amount: MINIMUM_AMOUNT_TEXT[Currency.Rand] }),
  amountMinDollar: () => m.donation_err_amount_min({ amount: MINIMUM_AMOUNT_TEXT[Currency.Dollar] }),
  amountDecimals: () => m.donation_err_amount_decimals(),
  paymentMethod: () => m.donation_err_payment_method(),
  firstNameCharacters: () => DONATION_MESSAGES.firstNameCharacters,
  lastNameCharacters: () => DONATION_MESSAGES.lastNameCharacters,
  invalidEmail: () => DONATION_MESSAGES.invalidEmail,
  mobileRequired: () => m.donation_err_mobile_required(),
  anonymous: () => m.donation_err_anonymous(),
  displayNameTooLong: () => m.donation_err_display_name_long({ max: 30 }),
  commentTooLong: () => m.donation_err_comment_long({ max: FIELD_LIMITS.comment }),
  tipRequired: () => m.donation_err_tip_required(),
  tipNegative: () => m.donation_err_tip_negative(),
  tipMax: () => m.donation_err_tip_max(),
  recaptcha: () => m.donation_err_recaptcha(),
  term: () => m.donation_err_term(),
  deductionDay: () => m.donation_err_deduction_day(),
  cardConsent: () => m.donation_err_card_consent(),
  onceOffAmount: () => m.donation_err_once_off(),
};

/** A DONATION_MESSAGES text in the current language (the page's, or the API caller's). */
export const donationMessage = (key: DonationMessageKey): string => DONATION_MESSAGE_TEXTS[key]();

/** `donationMessage(key)` as a valibot message, worked out at validation time. */
const said = (key: DonationMessageKey) => DONATION_MESSAGE_TEXTS[key];

/** The minimum-amount message per currency id. */
const AMOUNT_MIN_MESSAGES: Readonly<Record<Currency, () => string>> = {
  [Currency.Rand]: said('amountMinRand'),
  [Currency.Dollar]: said('amountMinDollar'),
};

const displayNameCharacters = () => m.donation_err_display_name_chars();
const commentCharacters = () => m.donation_err_comment_chars();

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
  v.number(said('amountRequired')),
  v.maxValue(DONATION_MAX_AMOUNT, said('amountMax')),
  v.check(hasAtMostTwoDecimals, said('amountDecimals')),
);

/** A donation amount in `currencyId`: required, at most 1 000 000 000, at least the currency's minimum, in cents. */
export const amountSchema = (currencyId: Currency) =>
  firstMessageOnly(
    v.pipe(
      v.number(said('amountRequired')),
      v.maxValue(DONATION_MAX_AMOUNT, said('amountMax')),
      v.minValue(DONATION_MIN_AMOUNT[currencyId], AMOUNT_MIN_MESSAGES[currencyId]),
      v.check(hasAtMostTwoDecimals, said('amountDecimals')),
    ),
  );

const optionalText = (max: number, message: () => string, lines: TextCheck<string>) =>
  v.optional(v.pipe(v.string(message), v.trim(), v.maxLength(max, message), lines), '');

/** An optional mobile number (SPEC §5's phone rule, phone.ts); empty or absent gives null. */
const optionalMobileSchema = optionalPhoneOrNullSchema;

/** A required mobile number, by the same rule. */
const requiredMobileSchema = requiredPhoneSchema(said('mobileRequired'));

const termSchema = present(v.picklist(Object.values(RecurringDuration), said('term')));
const deductionDaySchema = present(v.picklist(Object.values(RecurringDay), said('deductionDay')));

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
  type: present(v.picklist([DonationType.OneOff, DonationType.Recurring], said('paymentType'))),
  currencyId: present(v.picklist(Object.values(Currency), said('currency'))),
  // The currency's minimum is checked on the whole object (meetsCurrencyMinimum).
  amount: present(amountWithoutMinimum),
  paymentMethod: present(v.picklist(Object.values(PaymentGateway), said('paymentMethod'))),
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  email: emailSchema,
  mobileNumber: optionalMobileSchema,
  anonymous: present(v.boolean(said('anonymous'))),
  displayName: optionalText(
    FIELD_LIMITS.displayName,
    said('displayNameTooLong'),
    singleLine('Display name', displayNameCharacters),
  ),
  comment: optionalText(
    FIELD_LIMITS.comment,
    said('commentTooLong'),
    multiLine('Comment', commentCharacters),
  ),
  tipOrAdminFeeAmount: present(
    v.pipe(
      v.number(said('tipRequired')),
      v.minValue(0, said('tipNegative')),
      v.maxValue(DONATION_MAX_AMOUNT, said('tipMax')),
      v.check(hasAtMostTwoDecimals, said('amountDecimals')),
    ),
  ),
  recaptchaToken: v.optional(v.pipe(v.string(said('recaptcha')), v.maxLength(4000, said('recaptcha')))),
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
  AMOUNT_MIN_MESSAGES[(issue.input as { currencyId: Currency }).currencyId]();

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
    cardConsent: present(v.literal(true, said('cardConsent'))),
    onceOffAmount: v.nullish(
      firstMessageOnly(
        v.pipe(
          v.number(said('onceOffAmount')),
          v.minValue(0, said('onceOffAmount')),
          v.maxValue(DONATION_MAX_AMOUNT, said('onceOffAmount')),
          v.check(hasAtMostTwoDecimals, said('amountDecimals')),
        ),
      ),
    ),
  }),
  v.forward(v.partialCheck([['currencyId'], ['amount']], meetsCurrencyMinimum, currencyMinimumMessage), [
    'amount',
  ]),
);
export type RecurringDonationInput = v.InferOutput<typeof recurringDonationSchema>;

const nullableText = (max: number, message: () => string, lines: TextCheck<string>) =>
  v.optional(v.nullable(v.pipe(v.string(message), v.trim(), v.maxLength(max, message), lines)));

/**
 * What the holder of a donation's token may change while it is pending
 * (`PATCH /donations/{token}`); `status` is checked by the service, so any
 * value but 3 gets its own message.
 */
export const donationPatchSchema = v.object({
  status: v.optional(v.unknown()),
  comment: nullableText(
    FIELD_LIMITS.comment,
    said('commentTooLong'),
    multiLine('Comment', commentCharacters),
  ),
  displayName: nullableText(
    FIELD_LIMITS.displayName,
    said('displayNameTooLong'),
    singleLine('Display name', displayNameCharacters),
  ),
  anonymous: v.optional(v.boolean(said('anonymous'))),
});

/** The amount an admin saw arrive for an EFT donation (`POST /donations/{id}/eft-received`). */
// A finite number: JSON's 1e400 reads as Infinity, which no transfer can be.
export const eftReceivedSchema = v.object({
  amount: v.pipe(v.number(said('amountRequired')), v.finite(said('amountRequired'))),
});

/** Only a recurring donation's amount, term and deduction day, for a donation in `currencyId`. */
export const recurringScheduleSchema = (currencyId: Currency = DONATION_DEFAULTS.currencyId) =>
  v.object({
    amount: present(amountSchema(currencyId)),
    term: termSchema,
    deductionDate: deductionDaySchema,
  });

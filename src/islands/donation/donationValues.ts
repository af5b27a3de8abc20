import * as v from 'valibot';
import type { DonationRequest, RecurringDonationRequest } from '~/lib/api/donations';
import { Currency, DonationType } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { formatMoney, fromCents, percentOfCents, toCents } from '~/lib/money';
import type { ReferralChannel } from '~/lib/referralChannels';
import { recurringDonationSchema, singleDonationSchema } from '~/lib/schemas/donation';

/**
 * The donation form's values (what the inputs hold, all text) turned into the
 * body of the donation calls, checked with the shared schemas, and the money
 * the donor will pay. Pure, so tests read it without a browser.
 */

// A type, not an interface: modular-forms needs its index-signature compatibility.
export type DonationFormValues = {
  amount: string;
  paymentMethod: string;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string;
  /** The 'Give anonymously' checkbox: unticked (false) unless the donor ticks it; always sent. */
  anonymous: boolean;
  displayName: string;
  comment: string;
  /** RecurringDuration as text; '' when not chosen. */
  term: string;
  /** RecurringDay as text; '' when not chosen. */
  deductionDate: string;
  cardConsent: boolean;
  onceOffAmount: string;
  /** The donor covers the campaign's admin fee (campaigns with a fee instead of a tip). */
  coverFee: boolean;
};

/** What the form holds outside its inputs: the tab, the currency, the tip and the campaign's fee. */
export interface DonationChoices {
  recurring: boolean;
  currencyId: Currency;
  /** The tip slider's percentage; ignored when the campaign charges an admin fee. */
  tipPercentage: number;
  /** The campaign's admin fee rate in percent when it offers one (isAdminFee and a rate above 0), else null. */
  adminFeeRate: number | null;
  /** Where the donor came from (the page's `?ref=`, else 'direct'); sent with the donation. */
  referralChannel?: ReferralChannel;
}

/** The currency's symbol as the form shows it in front of amounts. */
export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = {
  [Currency.Rand]: 'R',
  [Currency.Dollar]: 'US $',
};

export const EMPTY_DONATION_VALUES: DonationFormValues = {
  amount: '',
  paymentMethod: '',
  firstName: '',
  lastName: '',
  email: '',
  mobileNumber: '',
  anonymous: false,
  displayName: '',
  comment: '',
  term: '',
  deductionDate: '',
  cardConsent: false,
  onceOffAmount: '',
  coverFee: false,
};

/** Names of the form's inputs a schema message may sit under. */
export const DONATION_FIELDS = [
  'amount',
  'paymentMethod',
  'firstName',
  'lastName',
  'email',
  'mobileNumber',
  'anonymous',
  'displayName',
  'comment',
  'term',
  'deductionDate',
  'cardConsent',
  'onceOffAmount',
] as const;

/**
 * An amount as typed: '250', '1 000', 'R 250', '99,50'. Null when empty; NaN
 * when it is not a number (the schema then asks for an amount).
 */
export function parseAmount(text: string): number | null {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(/^(R|US\$|\$)/i, '');
  if (compact === '') return null;
  const decimal = /^\d+,\d{1,2}$/.test(compact) ? compact.replace(',', '.') : compact.replace(/,/g, '');
  return /^\d+(\.\d+)?$/.test(decimal) ? Number(decimal) : Number.NaN;
}

const usable = (amount: number | null): amount is number =>
  amount !== null && Number.isFinite(amount) && amount > 0;

/** `percent` of `amount`, rounded to cents (tip and admin fee alike: docs/api/donations.md "Money rules"). */
export function percentOf(amount: number, percent: number): number {
  return fromCents(percentOfCents(toCents(amount), percent));
}

/** The tip or admin fee on top of the gift: what the form sends as `tipOrAdminFeeAmount`. */
export function extraAmountOf(
  amount: number | null,
  values: Pick<DonationFormValues, 'coverFee'>,
  choices: DonationChoices,
): number {
  if (!usable(amount)) return 0;
  if (choices.adminFeeRate !== null) return values.coverFee ? percentOf(amount, choices.adminFeeRate) : 0;
  return percentOf(amount, choices.tipPercentage);
}

const numberOrNull = (text: string): number | null => (text === '' ? null : Number(text));

/**
 * The body of the donation call for the form's values (without the campaign
 * and the captcha token); unchecked: the schemas say what is wrong with it.
 */
export function donationInputOf(
  values: DonationFormValues,
  choices: DonationChoices,
): Record<string, unknown> {
  const amount = parseAmount(values.amount);
  const single = {
    type: choices.recurring ? DonationType.Recurring : DonationType.OneOff,
    currencyId: choices.currencyId,
    amount,
    paymentMethod: numberOrNull(values.paymentMethod),
    firstName: values.firstName,
    lastName: values.lastName,
    email: values.email,
    mobileNumber: values.mobileNumber,
    // SPEC §5 wants the value always sent: an unticked box is `false`, never left out.
    anonymous: values.anonymous === true,
    displayName: values.displayName,
    comment: values.comment,
    tipOrAdminFeeAmount: extraAmountOf(amount, values, choices),
    // Left out of the JSON when unset (the API's own callers may send none).
    referralChannel: choices.referralChannel,
  };
  if (!choices.recurring) return single;
  return {
    ...single,
    term: numberOrNull(values.term),
    deductionDate: numberOrNull(values.deductionDate),
    cardConsent: values.cardConsent,
    onceOffAmount: parseAmount(values.onceOffAmount),
  };
}

/**
 * The first message per input, from the shared schema of the chosen tab (SPEC §5, word for
 * word). Not with abortPipeEarly: the currency minimum is checked on the whole object, after
 * the fields, and has to show beside the other fields' messages.
 */
export function validateDonationValues(
  values: DonationFormValues,
  choices: DonationChoices,
): Record<string, string> {
  const input = donationInputOf(values, choices);
  const result = choices.recurring
    ? v.safeParse(recurringDonationSchema, input)
    : v.safeParse(singleDonationSchema, input);
  const errors: Record<string, string> = {};
  for (const issue of result.issues ?? []) {
    const path = v.getDotPath(issue);
    if (path && (DONATION_FIELDS as readonly string[]).includes(path)) errors[path] ??= issue.message;
  }
  return errors;
}

/** The checked body of the donation call; null when the values do not pass the schema. */
export function donationRequestOf(
  values: DonationFormValues,
  choices: DonationChoices,
  campaignId: string,
  recaptchaToken: string | undefined,
): DonationRequest | RecurringDonationRequest | null {
  const input = { ...donationInputOf(values, choices), ...(recaptchaToken ? { recaptchaToken } : {}) };
  const result = choices.recurring
    ? v.safeParse(recurringDonationSchema, input)
    : v.safeParse(singleDonationSchema, input);
  return result.success ? { ...result.output, campaignId } : null;
}

/**
 * The "Total" line: what the donor pays and what it is made of, e.g.
 * 'You pay R 280.00 (donation R 250.00 + tip R 30.00)'. Null until the amount is a number.
 */
export function totalSummaryOf(values: DonationFormValues, choices: DonationChoices): string | null {
  const amount = parseAmount(values.amount);
  if (!usable(amount)) return null;
  const money = (n: number): string => formatMoney(n, { symbol: CURRENCY_SYMBOLS[choices.currencyId] });
  const extra = extraAmountOf(amount, values, choices);
  const parts = [m.donation_part_donation({ amount: money(amount) })];
  if (choices.adminFeeRate === null) parts.push(m.donation_part_tip({ amount: money(extra) }));
  else if (extra > 0) parts.push(m.donation_part_admin_fee({ amount: money(extra) }));
  const monthly = fromCents(toCents(amount) + toCents(extra));
  if (!choices.recurring) return m.donation_total_once({ total: money(monthly), parts: parts.join(' + ') });
  const onceOff = parseAmount(values.onceOffAmount);
  if (!usable(onceOff)) return m.donation_total_monthly({ total: money(monthly), parts: parts.join(' + ') });
  const first = fromCents(toCents(monthly) + toCents(onceOff));
  return m.donation_total_first_then({
    first: money(first),
    parts: [...parts, m.donation_part_once_off({ amount: money(onceOff) })].join(' + '),
    monthly: money(monthly),
  });
}

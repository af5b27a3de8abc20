import { clampAndSnap } from '~/lib/browser/slider';
import type { Donation, TransactionInfo } from '~/lib/contracts/donations';
import { Currency, DonationStatus } from '~/lib/enums';
import { availablePaymentMethods } from '~/lib/paymentMethods';

<<<<<<< HEAD

import type { DonationCampaign } from './DonationForm';

=======

import { clampAndSnap } from '~/lib/browser/slider';
import type { DonationFormCampaign } from './donationFormCampaign';

>>>>>>> wt/types

import {
  DONATION_FIELDS,
  type DonationChoices,
  type DonationFormValues,
  donationInputOf,
  EMPTY_DONATION_VALUES,
} from './donationValues';
import { TIP_RANGE } from './TipSlider';

/**
 * The donation form as an HTML form posts it (issue 23: it works without JavaScript): the names
 * of its inputs, and the posted fields turned into the form's values and choices, then into the
 * body the JSON API takes (donationInputOf). Pure: the page parses a post with it, and the island
 * reads with it what the visitor typed before JavaScript arrived.
 */

/** Inputs the island keeps outside modular-forms, and the no-JavaScript guards. */
export const FORM_INPUTS = {
  /** 'once-off' or 'monthly': the tab the form was on. */
  kind: 'donationKind',
  /** The currency id (radios when the campaign takes two, else a hidden input). */
  currency: 'currency',
  /** The tip slider's percentage. */
  tip: 'tipPercentage',
  /** The signed render time (server: donations/formGuards.ts). */
  stamp: 'formStamp',
  /** Left empty by people (hidden from them); bots fill it. */
  honeypot: 'website',
  /** Where the donor came from (the campaign link's `?ref=`). */
  referralChannel: 'referralChannel',
} as const;

/** Checkboxes the form posts; "Give anonymously" is read apart (anonymityOf). */
type CheckboxField = 'anonymous' | 'cardConsent' | 'coverFee';

/** The modular-forms fields posted as text (radios post their chosen value): the form's fields but its checkboxes. */
const TEXT_FIELDS = DONATION_FIELDS.filter(
  (name): name is Exclude<(typeof DONATION_FIELDS)[number], CheckboxField> =>
    name !== 'anonymous' && name !== 'cardConsent',
);

/** Checkboxes: present (any value) means ticked. */
const BOOLEAN_FIELDS = ['cardConsent', 'coverFee'] as const satisfies readonly CheckboxField[];

/** What a form post holds, read loosely: a missing or odd field is only ever an empty one. */
export interface PostedDonationForm {
  values: DonationFormValues;
  choices: DonationChoices;
  /** The honeypot's content ('' from a person). */
  honeypot: string;
  /** The render stamp, as posted. */
  stamp: string;
}

type FormFields = Pick<FormData, 'get' | 'has'>;

const textOf = (form: FormFields, name: string): string => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * Anonymity as posted: the "Give anonymously" checkbox ticked ('on'; 'true' and 'yes' too) or
 * absent (not anonymous); 'no' or anything else is not anonymous.
 */
export function anonymityOf(posted: string | null): boolean {
  const value = posted?.trim().toLowerCase() ?? '';
  return value === 'yes' || value === 'on' || value === 'true';
}

/** The campaign's admin fee rate when it charges one, else null (as useDonationChoices). */
const adminFeeRateOf = (campaign: DonationFormCampaign): number | null =>
  campaign.campaignSetting.isAdminFee && campaign.campaignSetting.adminFeeRate > 0
    ? campaign.campaignSetting.adminFeeRate
    : null;

/** The currency posted, when it is one; else the campaign's. */
function currencyOf(form: FormFields, campaign: DonationFormCampaign): Currency {
  const posted = Number(textOf(form, FORM_INPUTS.currency));
  return (Object.values(Currency) as number[]).includes(posted)
    ? (posted as Currency)
    : (campaign.campaignSetting.currency.id as Currency);
}

/** The tip percentage posted, clamped and snapped as the slider does; else the campaign's default. */
function tipOf(form: FormFields, campaign: DonationFormCampaign): number {
  const text = textOf(form, FORM_INPUTS.tip).trim();
  const posted = text === '' ? Number.NaN : Number(text);
  return clampAndSnap(Number.isFinite(posted) ? posted : campaign.defaultTipPercentage, TIP_RANGE);
}

/** A posted donation form (a FormData, or URLSearchParams in tests) as values and choices. */
export function readPostedDonationForm(form: FormFields, campaign: DonationFormCampaign): PostedDonationForm {
  const values: DonationFormValues = { ...EMPTY_DONATION_VALUES };
  for (const name of TEXT_FIELDS) values[name] = textOf(form, name);
  for (const name of BOOLEAN_FIELDS) values[name] = form.has(name);
  values.anonymous = anonymityOf(form.has('anonymous') ? textOf(form, 'anonymous') : null);
  return {
    values,
    choices: {
      recurring: textOf(form, FORM_INPUTS.kind) === 'monthly',
      currencyId: currencyOf(form, campaign),
      tipPercentage: tipOf(form, campaign),
      adminFeeRate: adminFeeRateOf(campaign),
    },
    honeypot: textOf(form, FORM_INPUTS.honeypot),
    stamp: textOf(form, FORM_INPUTS.stamp),
  };
}

/** A fresh form's values: empty, with the first payment method taken chosen (so the page posts one). */
export function startingValues(campaign: DonationFormCampaign, recurring: boolean): DonationFormValues {
  const [first] = availablePaymentMethods(
    campaign.campaignSetting.showGateways,
    campaign.campaignSetting.currency.id as Currency,
    recurring,
  );
  return { ...EMPTY_DONATION_VALUES, paymentMethod: first === undefined ? '' : String(first) };
}

/** The body of `POST /donations` for a posted form (without a captcha token), unchecked. */
export function postedDonationInput(posted: PostedDonationForm, campaign: DonationFormCampaign) {
  return { ...donationInputOf(posted.values, posted.choices), campaignId: campaign.id };
}

/**
 * What the visitor changed in the rendered form before the island hydrated (React keeps the
 * typed values in the page but not in the island's state): the fields whose posted value
 * differs from `current` (an unticked checkbox posts nothing: not anonymous).
 */
export function typedBeforeHydration(
  form: FormFields,
  current: DonationFormValues,
): Partial<DonationFormValues> {
  const changed: Partial<DonationFormValues> = {};
  for (const name of TEXT_FIELDS) {
    const value = textOf(form, name);
    if (form.has(name) && value !== current[name]) changed[name] = value;
  }
  for (const name of BOOLEAN_FIELDS) if (form.has(name) !== current[name]) changed[name] = form.has(name);
  const anonymous = anonymityOf(form.has('anonymous') ? textOf(form, 'anonymous') : null);
  if (anonymous !== current.anonymous) changed.anonymous = anonymous;
  return changed;
}

/** How the island starts: empty, refilled from a returned donation, or as a refused post left it. */
export interface DonationFormStart {
  values: DonationFormValues;
  currencyId: Currency;
  tipPercentage: number;
  /** The first message per field (a refused post), shown at once. */
  errors: Record<string, string>;
  /** A message for the whole form. */
  notice: string | null;
  /** Back from a cancelled or failed payment: the form says so, and its button says Try again. */
  returned: boolean;
  /** The gateway declined the payment (not the donor's Cancel): the form says it did not go through. */
  declined: boolean;
}

/** The start of a form refused on the server: what was posted, with the messages. */
export function refusedStart(
  posted: PostedDonationForm,
  errors: Record<string, string>,
  notice: string | null,
): DonationFormStart {
  return {
    values: posted.values,
    currencyId: posted.choices.currencyId,
    tipPercentage: posted.choices.tipPercentage,
    errors,
    notice,
    returned: false,
    declined: false,
  };
}

/** What a returned donation holds that the form asks for (its Donation view). */
export type RefillDonation = Pick<
  Donation,
  | 'currencyId'
  | 'amount'
  | 'tipOrAdminFeeAmount'
  | 'paymentMethod'
  | 'firstName'
  | 'lastName'
  | 'email'
  | 'mobileNumber'
  | 'anonymous'
  | 'displayName'
  | 'comment'
  | 'status'
> & { transactionInfo: Pick<TransactionInfo, 'adminFeeCovered'> };

/** The form filled again with a donation that took no money (amount, currency, tip, method, donor). */
export function refillStart(donation: RefillDonation, campaign: DonationFormCampaign): DonationFormStart {
  const tip =
    donation.amount > 0
      ? (donation.tipOrAdminFeeAmount / donation.amount) * 100
      : campaign.defaultTipPercentage;
  return {
    values: {
      ...EMPTY_DONATION_VALUES,
      amount: String(donation.amount),
      paymentMethod: String(donation.paymentMethod),
      firstName: donation.firstName,
      lastName: donation.lastName,
      email: donation.email,
      mobileNumber: donation.mobileNumber ?? '',
      anonymous: donation.anonymous,
      displayName: donation.displayName ?? '',
      comment: donation.comment ?? '',
      coverFee: donation.transactionInfo.adminFeeCovered,
    },
    currencyId: donation.currencyId as Currency,
    tipPercentage: clampAndSnap(
      adminFeeRateOf(campaign) === null ? tip : campaign.defaultTipPercentage,
      TIP_RANGE,
    ),
    errors: {},
    notice: null,
    returned: true,
    declined: donation.status === DonationStatus.Rejected,
  };
}

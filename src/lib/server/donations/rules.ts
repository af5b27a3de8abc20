import { randomBytes } from 'node:crypto';
import { eq, type SQL, sql } from 'drizzle-orm';
import { donationHref, thanksHref } from '~/lib/campaignDisplay';
import type { Donation } from '~/lib/contracts/donations';
import type { CurrencyInfo } from '~/lib/contracts/lookups';
import { CampaignStatus, Currency, type PaymentGateway } from '~/lib/enums';
import { href, m } from '~/lib/i18n';
import type { Locale } from '~/lib/i18n/languages';
import { formatMoney, fromCents, percentOfCents } from '~/lib/money';
import { availablePaymentMethods, MAX_TIP_PERCENTAGE, type ShowGateways } from '~/lib/paymentMethods';
import {
  isReferralChannel,
  REFERRAL_CHANNEL_MESSAGE,
  type ReferralChannel,
  referralChannelOf,
} from '~/lib/referralChannels';
import type { SingleDonationInput } from '~/lib/schemas/donation';
import { CAMPAIGN_ACCESS_MESSAGES } from '~/lib/server/campaigns/access';
import { campaignInCurrencyQuery, showGatewaysOf } from '~/lib/server/campaigns/selections';
import { getDb } from '~/lib/server/db';
import { campaigns } from '~/lib/server/db/schema';
import { badRequest, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { currentLocale } from '~/lib/server/i18n/locale';
import { env } from '~/lib/server/platform/env';

/** The rules every new donation (once-off or recurring) passes before anything is stored. */

export const DONATION_RULE_MESSAGES = {
  notAccepting: 'This campaign is not accepting donations.',
  paymentMethod: 'This payment method is not available for this campaign and currency.',
  tipTooHigh: `The tip can be at most ${MAX_TIP_PERCENTAGE}% of the donation.`,
  notRecurring: 'This campaign does not take recurring donations.',
} as const;

/** DONATION_RULE_MESSAGES in the request's language (issue 27); the English is the constant's. */
export const DONATION_RULE_TEXTS: Record<keyof typeof DONATION_RULE_MESSAGES, () => string> = {
  notAccepting: () => m.donation_rule_not_accepting(),
  paymentMethod: () => m.donation_rule_payment_method(),
  tipTooHigh: () => m.donation_rule_tip_too_high({ max: MAX_TIP_PERCENTAGE }),
  notRecurring: () => m.donation_rule_not_recurring(),
};

/** What a donation needs to know about its campaign. */
export interface DonationCampaign {
  id: string;
  name: string;
  url: string;
  ownerId: string;
  organisationId: string | null;
  published: boolean;
  /** Effective status: an ACTIVE campaign past its end date reads EXPIRED. */
  status: number;
  startDate: Date | null;
  thankYouMessage: string | null;
  currency: CurrencyInfo;
  isRecurringGivingCampaign: boolean;
  isAdminFee: boolean;
  adminFeeRate: number;
  showGateways: ShowGateways;
  /** Staff paused its donations while they review a report (docs/api/donations.md "Paused campaigns"). */
  donationsPaused: boolean;
}

async function selectDonationCampaign(where: SQL): Promise<DonationCampaign | null> {
  const db = await getDb();
  const [row] = await campaignInCurrencyQuery(db, {}).where(where).limit(1);
  if (!row) return null;
  const { campaign: c, settings: s } = row;
  return {
    id: c.id,
    name: c.name,
    url: c.url,
    ownerId: c.ownerId,
    organisationId: c.organisationId,
    published: c.published,
    status: row.status,
    startDate: c.startDate,
    thankYouMessage: c.thankYouMessage,
    currency: row.currency,
    isRecurringGivingCampaign: s.isRecurringGivingCampaign,
    isAdminFee: s.isAdminFee,
    adminFeeRate: s.adminFeeRate,
    showGateways: showGatewaysOf(s),
    donationsPaused: s.donationsPausedAt !== null,
  };
}

/** A campaign by id. */
export function findDonationCampaignById(id: string): Promise<DonationCampaign | null> {
  const uuid = uuidOrNull(id);
  return uuid ? selectDonationCampaign(eq(campaigns.id, uuid)) : Promise.resolve(null);
}

/**
 * The campaign a donation names by `campaignId` (a uuid) or `campaignUrl`
 * (its url, or short code): 404 'Campaign not found.' when neither matches.
 */
export async function findDonationCampaign({
  campaignId,
  campaignUrl,
}: Pick<SingleDonationInput, 'campaignId' | 'campaignUrl'>): Promise<DonationCampaign> {
  let campaign: DonationCampaign | null = null;
  if (campaignId) campaign = await findDonationCampaignById(campaignId);
  else if (campaignUrl) {
    campaign = await selectDonationCampaign(
      sql`(${campaigns.url} = ${campaignUrl.toLowerCase()} or ${campaigns.shortUrl} = ${campaignUrl})`,
    );
  }
  if (!campaign) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
  return campaign;
}

/** Launched, ACTIVE (not hidden, expired or closed) and started: the campaign detail's `isActive`. */
export function acceptsDonations(campaign: DonationCampaign, now: Date = new Date()): boolean {
  const started = !campaign.startDate || campaign.startDate.getTime() <= now.getTime();
  return campaign.published && campaign.status === CampaignStatus.Active && started;
}

/** 400 'This campaign is not accepting donations.' unless `acceptsDonations`. */
export function assertAcceptsDonations(campaign: DonationCampaign): void {
  if (campaign.donationsPaused) throw badRequest(m.campaign_donations_paused());
  if (!acceptsDonations(campaign)) throw badRequest(DONATION_RULE_TEXTS.notAccepting());
}

/** 400 on `paymentMethod` unless the campaign offers `method` in `currencyId` (availablePaymentMethods). */
export function assertPaymentMethod(
  campaign: DonationCampaign,
  currencyId: Currency,
  method: PaymentGateway,
  recurring = false,
): void {
  if (availablePaymentMethods(campaign.showGateways, currencyId, recurring).includes(method)) return;
  const message = DONATION_RULE_TEXTS.paymentMethod();
  throw badRequest(message, { paymentMethod: [message] });
}

/** The admin fee a donor may cover on `amountCents`, or null when the campaign asks a tip instead. */
export function adminFeeCents(campaign: DonationCampaign, amountCents: number): number | null {
  if (!campaign.isAdminFee || !(campaign.adminFeeRate > 0)) return null;
  return percentOfCents(amountCents, campaign.adminFeeRate);
}

/**
 * The tip or fee rule (docs/api/donations.md "Money rules"): with an admin fee
 * the extra is 0 or exactly the fee; otherwise a tip of at most 30 %. Returns
 * whether the donor covers the admin fee.
 */
export function checkTipOrFee(
  campaign: DonationCampaign,
  currencyId: Currency,
  amountCents: number,
  tipCents: number,
): { adminFeeCovered: boolean } {
  const fee = adminFeeCents(campaign, amountCents);
  if (fee !== null) {
    if (tipCents === 0 || tipCents === fee) return { adminFeeCovered: tipCents !== 0 };
    const message = m.donation_rule_admin_fee({ fee: formatMoney(fromCents(fee), currencyId) });
    throw badRequest(message, { tipOrAdminFeeAmount: [message] });
  }
  if (tipCents > percentOfCents(amountCents, MAX_TIP_PERCENTAGE)) {
    const message = DONATION_RULE_TEXTS.tipTooHigh();
    throw badRequest(message, { tipOrAdminFeeAmount: [message] });
  }
  return { adminFeeCovered: false };
}

/**
 * `amountCents` in the campaign's currency and the rate used (campaign units
 * per donation unit), fixed now so later rate changes never move a total.
 */
export function campaignAmountOf(
  amountCents: number,
  currencyId: Currency,
  campaignCurrencyId: number,
): { campaignAmount: number; exchangeRate: number } {
  if (currencyId === campaignCurrencyId) return { campaignAmount: amountCents, exchangeRate: 1 };
  const rate = env.payments.usdToZarRate;
  const exchangeRate = currencyId === Currency.Dollar ? rate : 1 / rate;
  // The column keeps 6 decimals; a sub-cent gift still counts as one cent (the amount check wants > 0).
  return {
    campaignAmount: Math.max(1, Math.round(amountCents * exchangeRate)),
    exchangeRate: Math.round(exchangeRate * 1e6) / 1e6,
  };
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/**
 * A reference a donor can type into a banking app: `prefix` plus 10 base32
 * characters (50 random bits). 'LTS-' for donations, 'LTR-' for recurring ones.
 */
export function newReference(prefix: 'LTS-' | 'LTR-' = 'LTS-'): string {
  const bytes = randomBytes(10);
  let text = '';
  for (const byte of bytes) text += BASE32[byte % 32];
  return `${prefix}${text}`;
}

/** The donor's fields of a donation or recurring donation row (stored as the Donation shows them). */
export type DonorColumns = Pick<
  Donation,
  'firstName' | 'lastName' | 'email' | 'mobileNumber' | 'anonymous' | 'displayName' | 'comment'
> & { referralChannel: ReferralChannel | null; locale: Locale };

/** The donor's fields a new donation (once-off or monthly) stores as the form gave them; empty optional text is null. */
export function donorColumns(
  input: Omit<DonorColumns, 'displayName' | 'comment' | 'referralChannel' | 'locale'> & {
    displayName?: string | null;
    comment?: string | null;
    referralChannel?: unknown;
  },
): DonorColumns {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    email: input.email,
    mobileNumber: input.mobileNumber,
    anonymous: input.anonymous,
    displayName: input.displayName || null,
    comment: input.comment || null,
    // Where the donor came from (the page's ?ref=); null when the caller did not say.
    referralChannel:
      typeof input.referralChannel === 'string' && isReferralChannel(input.referralChannel)
        ? input.referralChannel
        : null,
    // The language the donor gave in: the page's, or the API caller's (their mails speak it).
    locale: currentLocale(),
  };
}

/**
 * 400 with the field's message for a `referralChannel` that names no channel; checked first, before
 * a donation changes anything (a captcha spent, a rate limit counted).
 */
export function assertReferralChannel(input: { referralChannel?: unknown }): void {
  const channel = input.referralChannel;
  if (channel !== undefined && !(typeof channel === 'string' && isReferralChannel(channel)))
    throw badRequest(REFERRAL_CHANNEL_MESSAGE, { referralChannel: [REFERRAL_CHANNEL_MESSAGE] });
}

/**
 * Where the gateway returns the donor, and where Cancel sends them (the form then PATCHes status 3),
 * in the donor's language: an isiZulu donation comes back to /zu/thanks and /zu/donation/… .
 */
export function returnUrls(
  campaign: Pick<DonationCampaign, 'url'>,
  token: string,
  referralChannel: string | null = null,
): { returnUrl: string; cancelUrl: string } {
  // Back from a cancel, the form still knows where the donor came from.
  const channel = referralChannelOf(referralChannel);
  const ref = channel ? `&ref=${channel}` : '';
  return {
    returnUrl: `${env.publicUrl}${href(thanksHref(token), currentLocale())}`,
    cancelUrl: `${env.publicUrl}${href(donationHref(campaign.url), currentLocale())}?cancelled=${encodeURIComponent(token)}${ref}`,
  };
}

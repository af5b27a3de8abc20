import * as v from 'valibot';
import { DONATION_MAX_AMOUNT } from '~/lib/enums';
import { STORY_LANGUAGES } from '~/lib/i18n/languages';
import {
  flag,
  integerIn,
  nullableDate,
  nullableInteger,
  nullableNumber,
  nullableText,
  nullableUuid,
  oneMessagePerField,
} from './campaignFields';
import { VIDEO_MESSAGES, videoListSchema } from './campaignVideos';
import { GENERIC_MESSAGES } from './genericMessages';
import { addressSchema } from './profile';
import { multiLine, singleLine } from './textRules';

/**
 * The campaign form (docs/api/campaigns.md), shared by the editor island and
 * `POST /campaigns`, `PATCH /campaigns/{id}`. Messages are the contract's.
 */

export const CAMPAIGN_LIMITS = {
  nameMin: 3,
  nameMax: 100,
  story: 20_000,
  /** Characters of text (not HTML) a story needs before launch. */
  storyMinText: 50,
  thankYou: 500,
  urlMin: 3,
  urlMax: 60,
  images: 10,
  videos: 10,
  socials: 10,
  closeNote: 500,
  maxAmount: DONATION_MAX_AMOUNT,
  /**
   * Money raised outside the platform, as the owner states it: nobody checks it,
   * yet it counts in the total raised and the progress donors see, so it is
   * capped at an amount a real campaign's offline collections stay under rather
   * than at the largest target (security probe, issue 10).
   */
  maxOffline: 10_000_000,
} as const;

export const CAMPAIGN_MESSAGES = {
  nameRequired: 'Please enter a name for your campaign.',
  nameTooShort: `${GENERIC_MESSAGES.min('The campaign name', CAMPAIGN_LIMITS.nameMin)}.`,
  nameTooLong: 'The campaign name must be at most 100 characters.',
  storyNotText: 'Your story must be text.',
  storyTooLong: 'Your story must be at most 20 000 characters.',
  storyTooShort: 'Please tell your story in at least 50 characters.',
  language: 'Choose the language your story is written in.',
  startDate: 'Please enter a valid start date.',
  endDate: 'Please enter a valid end date.',
  endBeforeStart: 'The end date must be after the start date.',
  endPassed: 'The end date has passed. Choose a later end date.',
  target: 'Please enter a donation target.',
  targetPositive: 'The donation target must be more than 0.',
  targetMax: 'The max donation target is 1 000 000 000',
  offline: 'Please enter the amount raised offline as a number.',
  offlineRange: 'The amount raised offline must be between 0 and 10 000 000.',
  thankYouTooLong: 'The thank-you message must be at most 500 characters.',
  urlFormat:
    'The web address may contain only lower-case letters, digits and hyphens, and must start and end with a letter or digit.',
  urlLength: 'The web address must be 3 to 60 characters long.',
  urlReserved: 'That web address is reserved. Try another.',
  urlTaken: 'That web address is already taken. Try another.',
  fundingType: 'Please choose a funding type.',
  category: 'Please choose a category.',
  subCategory: 'Please choose a sub-category of the selected category.',
  currency: 'Please select a currency',
  currencyLocked: 'The currency cannot change once donations have been received.',
  event: 'Please choose one of the listed events.',
  notificationFrequency: 'Please choose how often we should email you about donations.',
  organisation: 'Please choose one of your organisations.',
  organisationRequired: 'Please choose the organisation this campaign raises funds for.',
  forOrganisation: 'For an organisation must be true or false.',
  /** 403: the campaign's owner has no role in the organisation (Owner, Admin, Editor or Champion). */
  organisationForbidden:
    'You can only raise funds for an organisation you belong to, as its Owner, Admin, Editor or Champion.',
  /** 409: counted donations or a payout not declined fix where the money goes. */
  fundingLocked:
    'This campaign has received donations or a payout, so its organisation and funding type can no longer change: the money was given for them. Contact us if it must move.',
  visibility: 'Please choose who can see your campaign.',
  hidden: 'Hidden must be true or false.',
  hiddenClosed: 'A closed campaign cannot be hidden or shown again.',
  socials: 'Please add at most 10 social links.',
  socialPlatform: 'Please choose a social platform.',
  socialUrl: 'Please enter a valid link starting with https://.',
  socialMismatch: 'That link is not on the platform you chose.',
  videos: VIDEO_MESSAGES.notVideo,
  videosMax: 'Please add at most 10 videos.',
  showBarometer: 'Please choose what the barometer shows.',
  settingFlag: 'Please answer yes or no.',
  images: 'A campaign can have at most 10 images.',
  imagesRequired: 'Please add at least one image.',
  imageDetails: 'The image list is not valid.',
  closeReason: 'Please choose a reason for closing the campaign.',
  closeNoteTooLong: 'The note must be at most 500 characters.',
} as const;

/**
 * Paths a campaign may not take: /campaign/{url} and the catch-all /{url} share
 * the site's routes with these.
 */
export const RESERVED_CAMPAIGN_URLS: ReadonlySet<string> = new Set([
  'home',
  'misc',
  'auth',
  'donation',
  'thanks',
  'campaign',
  'champion',
  'find-campaign',
  'organization',
  'profile',
  'payout',
  'api',
  'dev',
  'files',
  'sandbox',
  'admin',
  '_astro',
  'demo',
  'start',
  'edit',
  'new',
  'invitation',
  'how-it-works',
  'privacy-policy',
  'terms-and-conditions',
  'favicon-ico',
  'robots-txt',
  'sitemap-xml',
  '404',
  '500',
]);

const URL_CHARACTERS = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/;

/**
 * A url (path segment) the owner typed, not one of `reserved`; '' and null mean
 * "make one from the name". Campaigns and organisations share the rule.
 */
export const urlSlugSchema = (reserved: ReadonlySet<string>) =>
  v.pipe(
    v.nullable(v.string(CAMPAIGN_MESSAGES.urlFormat)),
    v.transform((value) => value?.trim().toLowerCase() ?? ''),
    v.check(
      (value) =>
        value === '' || (value.length >= CAMPAIGN_LIMITS.urlMin && value.length <= CAMPAIGN_LIMITS.urlMax),
      CAMPAIGN_MESSAGES.urlLength,
    ),
    v.check((value) => value === '' || URL_CHARACTERS.test(value), CAMPAIGN_MESSAGES.urlFormat),
    v.check((value) => !reserved.has(value), CAMPAIGN_MESSAGES.urlReserved),
    v.transform((value): string | null => (value === '' ? null : value)),
  );

const campaignUrlSchema = urlSlugSchema(RESERVED_CAMPAIGN_URLS);

export const SOCIAL_PLATFORMS = ['facebook', 'instagram', 'x', 'tiktok', 'linkedin', 'website'] as const;
export type SocialPlatform = (typeof SOCIAL_PLATFORMS)[number];

const PLATFORM_HOSTS: readonly [SocialPlatform, readonly string[]][] = [
  ['facebook', ['facebook.com', 'fb.com', 'fb.me']],
  ['instagram', ['instagram.com', 'instagr.am']],
  ['x', ['x.com', 'twitter.com']],
  ['tiktok', ['tiktok.com']],
  ['linkedin', ['linkedin.com', 'lnkd.in']],
];

function httpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url : null;
  } catch {
    return null;
  }
}

/** The platform a social link belongs to, read from its host; any other site is 'website'. */
export function socialPlatformOf(link: string): SocialPlatform {
  const host = httpUrl(link)?.hostname.toLowerCase() ?? '';
  const found = PLATFORM_HOSTS.find(([, hosts]) => hosts.some((h) => host === h || host.endsWith(`.${h}`)));
  return found?.[0] ?? 'website';
}

/** One social link: a platform and an http(s) link on it (campaigns and organisations). */
export const socialSchema = v.pipe(
  v.object({
    platform: v.picklist(SOCIAL_PLATFORMS, CAMPAIGN_MESSAGES.socialPlatform),
    url: v.pipe(
      v.string(CAMPAIGN_MESSAGES.socialUrl),
      v.trim(),
      v.maxLength(500, CAMPAIGN_MESSAGES.socialUrl),
      v.check((text) => httpUrl(text) !== null, CAMPAIGN_MESSAGES.socialUrl),
    ),
  }),
  v.forward(
    v.check(
      ({ platform, url }) => platform === 'website' || socialPlatformOf(url) === platform,
      CAMPAIGN_MESSAGES.socialMismatch,
    ),
    ['url'],
  ),
);
export type SocialLink = v.InferOutput<typeof socialSchema>;

const settingsSchema = v.object({
  isRecurringGivingCampaign: v.optional(flag(CAMPAIGN_MESSAGES.settingFlag)),
  showBarometer: v.optional(integerIn(CAMPAIGN_MESSAGES.showBarometer, 0, 3)),
  isTaxBenefit: v.optional(flag(CAMPAIGN_MESSAGES.settingFlag)),
});

/** One existing image of the campaign, by the url the API gave it, to keep (in this order) or delete. */
const imageDetailSchema = v.object({
  url: v.optional(v.nullable(v.string(CAMPAIGN_MESSAGES.imageDetails))),
  fileName: v.optional(v.nullable(v.string(CAMPAIGN_MESSAGES.imageDetails))),
  deleted: v.optional(flag(CAMPAIGN_MESSAGES.imageDetails), false),
});
export type ImageDetail = v.InferOutput<typeof imageDetailSchema>;

const nameRule = v.pipe(
  v.string(CAMPAIGN_MESSAGES.nameRequired),
  v.trim(),
  v.nonEmpty(CAMPAIGN_MESSAGES.nameRequired),
  v.minLength(CAMPAIGN_LIMITS.nameMin, CAMPAIGN_MESSAGES.nameTooShort),
  v.maxLength(CAMPAIGN_LIMITS.nameMax, CAMPAIGN_MESSAGES.nameTooLong),
  singleLine('Campaign name'),
);

const money = (invalid: string, check: (n: number) => boolean, outOfRange: string) =>
  v.pipe(
    nullableNumber(invalid),
    v.check((n) => n === null || check(n), outOfRange),
  );

/** Every field but the name; all optional: absent leaves a field as it is. */
const campaignFields = {
  story: v.optional(
    v.pipe(
      v.nullable(v.string(CAMPAIGN_MESSAGES.storyNotText)),
      v.transform((value) => value ?? ''),
      v.maxLength(CAMPAIGN_LIMITS.story, CAMPAIGN_MESSAGES.storyTooLong),
      multiLine('Story'),
    ),
  ),
  language: v.optional(
    v.picklist(
      STORY_LANGUAGES.map((language) => language.code),
      CAMPAIGN_MESSAGES.language,
    ),
  ),
  startDate: v.optional(nullableDate(CAMPAIGN_MESSAGES.startDate)),
  endDate: v.optional(nullableDate(CAMPAIGN_MESSAGES.endDate, { endOfDay: true })),
  donationTarget: v.optional(
    v.pipe(
      money(CAMPAIGN_MESSAGES.target, (n) => n > 0, CAMPAIGN_MESSAGES.targetPositive),
      v.check((n) => n === null || n <= CAMPAIGN_LIMITS.maxAmount, CAMPAIGN_MESSAGES.targetMax),
    ),
  ),
  offlineDonations: v.optional(
    money(
      CAMPAIGN_MESSAGES.offline,
      (n) => n >= 0 && n <= CAMPAIGN_LIMITS.maxOffline,
      CAMPAIGN_MESSAGES.offlineRange,
    ),
  ),
  thankYouMessage: v.optional(
    v.pipe(
      nullableText(CAMPAIGN_LIMITS.thankYou, CAMPAIGN_MESSAGES.thankYouTooLong),
      multiLine('Thank-you message'),
    ),
  ),
  url: v.optional(campaignUrlSchema),
  fundingType: v.optional(integerIn(CAMPAIGN_MESSAGES.fundingType, 0, 1)),
  campaignCategory: v.optional(integerIn(CAMPAIGN_MESSAGES.category, 0, 16)),
  campaignSubCategory: v.optional(nullableInteger(CAMPAIGN_MESSAGES.subCategory, 1, 2_147_483_647)),
  currency: v.optional(integerIn(CAMPAIGN_MESSAGES.currency, 1, 2)),
  event: v.optional(nullableInteger(CAMPAIGN_MESSAGES.event, 1, 2_147_483_647)),
  notificationFrequency: v.optional(nullableInteger(CAMPAIGN_MESSAGES.notificationFrequency, 0, 3)),
  organisation: v.optional(nullableUuid(CAMPAIGN_MESSAGES.organisation)),
  /**
   * The form's "For an organisation": when true, `organisation` must name one in the same
   * body, so a missing choice is refused instead of saving the campaign as Independent.
   */
  forOrganisation: v.optional(flag(CAMPAIGN_MESSAGES.forOrganisation)),
  visibility: v.optional(integerIn(CAMPAIGN_MESSAGES.visibility, 0, 1)),
  hidden: v.optional(flag(CAMPAIGN_MESSAGES.hidden)),
  socials: v.optional(
    v.pipe(v.array(socialSchema, CAMPAIGN_MESSAGES.socialUrl), v.maxLength(10, CAMPAIGN_MESSAGES.socials)),
  ),
  videos: v.optional(videoListSchema(CAMPAIGN_LIMITS.videos, CAMPAIGN_MESSAGES.videosMax)),
  address: v.optional(addressSchema),
  settings: v.optional(settingsSchema),
  imageDetails: v.optional(
    v.pipe(
      v.array(imageDetailSchema, CAMPAIGN_MESSAGES.imageDetails),
      v.maxLength(50, CAMPAIGN_MESSAGES.images),
    ),
  ),
};

/** True unless both dates are given and the end is not after the start. */
function endsAfterStart({
  startDate,
  endDate,
}: {
  startDate?: Date | null | undefined;
  endDate?: Date | null | undefined;
}): boolean {
  return !(startDate && endDate) || endDate.getTime() > startDate.getTime();
}

/** False when "For an organisation" was chosen without naming the organisation. */
function namesItsOrganisation({
  forOrganisation,
  organisation,
}: {
  forOrganisation?: boolean | undefined;
  organisation?: string | null | undefined;
}): boolean {
  return forOrganisation !== true || Boolean(organisation);
}

/** `POST /campaigns/`: a draft needs only its name; everything else has a default. */
export const createCampaignSchema = oneMessagePerField(
  v.pipe(
    v.object({ name: v.optional(v.config(nameRule, { abortPipeEarly: true }), ''), ...campaignFields }),
    v.forward(
      v.check((input) => endsAfterStart(input), CAMPAIGN_MESSAGES.endBeforeStart),
      ['endDate'],
    ),
    v.forward(
      v.check((input) => namesItsOrganisation(input), CAMPAIGN_MESSAGES.organisationRequired),
      ['organisation'],
    ),
  ),
);
export type CreateCampaignInput = v.InferOutput<typeof createCampaignSchema>;

/** `PATCH /campaigns/{id}`: only the fields sent change; the name, when sent, follows the same rules. */
export const editCampaignSchema = oneMessagePerField(
  v.pipe(
    v.object({ name: v.optional(v.config(nameRule, { abortPipeEarly: true })), ...campaignFields }),
    v.forward(
      v.check((input) => endsAfterStart(input), CAMPAIGN_MESSAGES.endBeforeStart),
      ['endDate'],
    ),
    v.forward(
      v.check((input) => namesItsOrganisation(input), CAMPAIGN_MESSAGES.organisationRequired),
      ['organisation'],
    ),
  ),
);
export type EditCampaignInput = v.InferOutput<typeof editCampaignSchema>;

/** `PATCH /campaigns/{id}/close`. */
export const closeCampaignSchema = oneMessagePerField(
  v.object({
    closeReasonId: v.optional(integerIn(CAMPAIGN_MESSAGES.closeReason, 1, 2_147_483_647), null),
    note: v.optional(
      v.pipe(nullableText(CAMPAIGN_LIMITS.closeNote, CAMPAIGN_MESSAGES.closeNoteTooLong), multiLine('Note')),
    ),
  }),
);
export type CloseCampaignInput = v.InferOutput<typeof closeCampaignSchema>;

/** Fields of the campaign form sent as JSON text inside the multipart body. */
export const CAMPAIGN_JSON_FIELDS = ['socials', 'videos', 'address', 'settings', 'imageDetails'] as const;

export * from './campaignTeam';
export * from './campaignUpdate';
export * from './campaignVerification';
export * from './campaignVideos';

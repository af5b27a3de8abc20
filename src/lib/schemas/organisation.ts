import * as v from 'valibot';
import { decodeHtmlEntities } from '~/lib/htmlEntities';
import { emailSchema, firstNameSchema, lastNameSchema, phoneSchema } from './auth';
import { RESERVED_CAMPAIGN_URLS, socialSchema, urlSlugSchema } from './campaign';
import {
  decimalNumber,
  flag,
  integerIn,
  nullableInteger,
  nullableText,
  oneMessagePerField,
} from './campaignFields';
import { videoListSchema } from './campaignVideos';
import { GENERIC_MESSAGES } from './genericMessages';
import { addressSchema } from './profile';
import { singleLine } from './textRules';

/**
 * The organisation form (docs/api/organisations.md), shared by the register
 * and edit islands and `POST /organizations/`, `PATCH /organizations/{id}`.
 * Whether a type, sector or position exists is the server's check.
 */

export const ORGANISATION_LIMITS = {
  legalNameMin: 2,
  legalNameMax: 150,
  otherName: 150,
  sectorsMin: 1,
  sectorsMax: 5,
  keywords: 500,
  /** HTML as sent. */
  description: 10_000,
  /** Characters of text (not HTML) a description needs. */
  descriptionMinText: 30,
  website: 500,
  videos: 10,
  socials: 10,
} as const;

export const ORGANISATION_MESSAGES = {
  legalNameRequired: 'Please enter the organisation’s legal name.',
  legalNameTooShort: `${GENERIC_MESSAGES.min('The legal name', ORGANISATION_LIMITS.legalNameMin)}.`,
  legalNameTooLong: 'The legal name must be at most 150 characters.',
  otherNameTooLong: 'The other name must be at most 150 characters.',
  type: 'Please choose the type of organisation.',
  sectors: 'Please choose at least one sector.',
  sectorsMax: 'Please choose at most 5 sectors.',
  keywordsTooLong: 'The keywords must be at most 500 characters.',
  descriptionRequired: 'Please describe your organisation.',
  descriptionNotText: 'The description must be text.',
  descriptionTooLong: 'The description must be at most 10 000 characters.',
  descriptionTooShort: 'Please describe your organisation in at least 30 characters.',
  website: 'Please enter a valid website address, such as https://example.org.',
  email: 'Please enter a valid email address.',
  contactRequired: 'Please enter the main contact person.',
  position: 'Please choose a position from the list.',
  videosMax: 'Please add at most 10 videos.',
  socials: 'Please add at most 10 social links.',
  socialUrl: 'Please enter a valid link starting with https://.',
  flag: 'Please answer yes or no.',
  oneLogo: 'Please upload one logo.',
  oneCertificate: 'Please upload one Section 18A certificate.',
  pboNumber: 'Please enter the PBO reference number as SARS issued it: 9 to 12 digits, such as 930012345.',
  npoNumber: 'Please enter the NPO number as 123-456 NPO.',
  created: 'Organisation created successfully',
  updated: 'Organisation updated successfully.',
} as const;

/** Paths an organisation may not take: /organization/{url} shares its routes with these. */
export const RESERVED_ORGANISATION_URLS: ReadonlySet<string> = new Set([
  ...RESERVED_CAMPAIGN_URLS,
  'register',
  'edit',
  'verification',
  'team',
  'champions',
]);

/**
 * The readable text of HTML: tags dropped, entities decoded, whitespace
 * collapsed. Pure, so the form counts what the server counts (the server
 * counts again after sanitising, when script and style text are gone).
 */
export function textOfDescription(html: string): string {
  return decodeHtmlEntities(html.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .trim();
}

/** Comma-joined keywords in their stored form: each trimmed, empty and repeated ones dropped, "a, b, c". */
export function normaliseKeywords(text: string): string {
  const seen = new Set<string>();
  const words: string[] = [];
  for (const word of text.split(',')) {
    const clean = word.trim().replace(/\s+/g, ' ');
    if (clean === '' || seen.has(clean.toLowerCase())) continue;
    seen.add(clean.toLowerCase());
    words.push(clean);
  }
  return words.join(', ');
}

const legalNameRule = v.config(
  v.pipe(
    v.string(ORGANISATION_MESSAGES.legalNameRequired),
    v.trim(),
    v.nonEmpty(ORGANISATION_MESSAGES.legalNameRequired),
    v.minLength(ORGANISATION_LIMITS.legalNameMin, ORGANISATION_MESSAGES.legalNameTooShort),
    v.maxLength(ORGANISATION_LIMITS.legalNameMax, ORGANISATION_MESSAGES.legalNameTooLong),
    singleLine('Legal name'),
  ),
  { abortPipeEarly: true },
);

const typeRule = integerIn(ORGANISATION_MESSAGES.type, 1, 2_147_483_647);

const sectorsRule = v.pipe(
  v.array(
    v.pipe(
      v.union([v.number(ORGANISATION_MESSAGES.sectors), v.string(ORGANISATION_MESSAGES.sectors)]),
      v.transform((id) => (typeof id === 'number' ? id : decimalNumber(id))),
      v.check((n) => Number.isInteger(n) && n >= 1 && n <= 2_147_483_647, ORGANISATION_MESSAGES.sectors),
    ),
    ORGANISATION_MESSAGES.sectors,
  ),
  v.transform((ids) => [...new Set(ids)]),
  v.minLength(ORGANISATION_LIMITS.sectorsMin, ORGANISATION_MESSAGES.sectors),
  v.maxLength(ORGANISATION_LIMITS.sectorsMax, ORGANISATION_MESSAGES.sectorsMax),
);

const descriptionRule = v.pipe(
  v.nullable(v.string(ORGANISATION_MESSAGES.descriptionNotText)),
  v.transform((value) => value?.trim() ?? ''),
  v.nonEmpty(ORGANISATION_MESSAGES.descriptionRequired),
  v.maxLength(ORGANISATION_LIMITS.description, ORGANISATION_MESSAGES.descriptionTooLong),
  v.check(
    (html) => textOfDescription(html).length >= ORGANISATION_LIMITS.descriptionMinText,
    ORGANISATION_MESSAGES.descriptionTooShort,
  ),
);

const keywordsRule = v.pipe(
  nullableText(ORGANISATION_LIMITS.keywords * 2, ORGANISATION_MESSAGES.keywordsTooLong),
  v.transform((text) => (text === null ? '' : normaliseKeywords(text))),
  v.maxLength(ORGANISATION_LIMITS.keywords, ORGANISATION_MESSAGES.keywordsTooLong),
  v.transform((text): string | null => (text === '' ? null : text)),
);

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** An http(s) address; one typed without a scheme (example.org) gets https://. '' and null give null. */
const websiteRule = v.pipe(
  nullableText(ORGANISATION_LIMITS.website, ORGANISATION_MESSAGES.website),
  v.transform((text) => (text === null || /^[a-z][a-z\d+.-]*:/i.test(text) ? text : `https://${text}`)),
  v.check((text) => text === null || isHttpUrl(text), ORGANISATION_MESSAGES.website),
);

/** An email address or nothing ('' and null give null). */
const optionalEmailRule = v.pipe(
  nullableText(50, 'Email must be at most 50 characters'),
  v.check((text) => text === null || v.EMAIL_REGEX.test(text), ORGANISATION_MESSAGES.email),
);

const contactRule = v.object(
  {
    firstName: firstNameSchema,
    lastName: lastNameSchema,
    phone: phoneSchema,
    positionId: v.optional(nullableInteger(ORGANISATION_MESSAGES.position, 1, 2_147_483_647)),
    email: emailSchema,
  },
  ORGANISATION_MESSAGES.contactRequired,
);

/**
 * SARS's PBO reference number, printed on Section 18A receipts: digits only (spaces dropped);
 * the current numbers have 9 (930…), and 9 to 12 leaves room for the older ones. '' and null clear it.
 */
const pboNumberRule = v.pipe(
  nullableText(40, ORGANISATION_MESSAGES.pboNumber),
  v.transform((text) => (text === null ? null : text.replace(/[\s-]/g, ''))),
  v.check((text) => text === null || /^\d{9,12}$/.test(text), ORGANISATION_MESSAGES.pboNumber),
);

/** An NPO number as people write it: '123-456', '123-456 NPO', 'npo' in any case, spaces around the parts. */
const NPO_NUMBER = /^(\d{3})\s*-\s*(\d{3})(?:\s*NPO)?$/i;

/**
 * The Department of Social Development's NPO registration number, stored as '123-456 NPO'
 * (three digits, a hyphen, three digits, then NPO). '' and null clear it.
 */
const npoNumberRule = v.pipe(
  nullableText(40, ORGANISATION_MESSAGES.npoNumber),
  v.check((text) => text === null || NPO_NUMBER.test(text), ORGANISATION_MESSAGES.npoNumber),
  v.transform((text) => (text === null ? null : text.replace(NPO_NUMBER, '$1-$2 NPO'))),
);

/** Every field but those register requires; all optional: absent leaves a field as it is. */
const organisationFields = {
  otherName: v.optional(
    v.pipe(
      nullableText(ORGANISATION_LIMITS.otherName, ORGANISATION_MESSAGES.otherNameTooLong),
      singleLine('Other name'),
    ),
  ),
  keywordsDescription: v.optional(keywordsRule),
  address: v.optional(addressSchema),
  videos: v.optional(videoListSchema(ORGANISATION_LIMITS.videos, ORGANISATION_MESSAGES.videosMax)),
  socials: v.optional(
    v.pipe(
      v.array(socialSchema, ORGANISATION_MESSAGES.socialUrl),
      v.maxLength(ORGANISATION_LIMITS.socials, ORGANISATION_MESSAGES.socials),
    ),
  ),
  website: v.optional(websiteRule),
  telephone: phoneSchema,
  email: v.optional(optionalEmailRule),
  url: v.optional(urlSlugSchema(RESERVED_ORGANISATION_URLS)),
  nonRandOrganization: v.optional(flag(ORGANISATION_MESSAGES.flag)),
  pboNumber: v.optional(pboNumberRule),
  npoNumber: v.optional(npoNumberRule),
};

/** `POST /organizations/`: legal name, type, sectors, description and main contact are required. */
export const registerOrganisationSchema = oneMessagePerField(
  v.object({
    legalName: v.optional(legalNameRule, ''),
    organizationTypeId: v.optional(typeRule, null),
    organizationSectors: v.optional(sectorsRule, []),
    briefDescription: v.optional(descriptionRule, null),
    mainContactPerson: v.pipe(
      v.optional(v.nullable(contactRule), null),
      v.check((contact) => contact !== null, ORGANISATION_MESSAGES.contactRequired),
      v.transform((contact) => contact as v.InferOutput<typeof contactRule>),
    ),
    ...organisationFields,
  }),
);
export type RegisterOrganisationInput = v.InferOutput<typeof registerOrganisationSchema>;

/** `PATCH /organizations/{id}`: only the fields sent change, each by the same rule as on register. */
export const editOrganisationSchema = oneMessagePerField(
  v.object({
    legalName: v.optional(legalNameRule),
    organizationTypeId: v.optional(typeRule),
    organizationSectors: v.optional(sectorsRule),
    briefDescription: v.optional(descriptionRule),
    mainContactPerson: v.optional(contactRule),
    ...organisationFields,
  }),
);
export type EditOrganisationInput = v.InferOutput<typeof editOrganisationSchema>;

/** Fields of the organisation form sent as JSON text inside the multipart body. */
export const ORGANISATION_JSON_FIELDS = [
  'organizationSectors',
  'address',
  'videos',
  'socials',
  'mainContactPerson',
] as const;

/** The file fields of the organisation form: an image, and a private PDF or image. */
export const ORGANISATION_FILE_FIELDS = { logo: 'logo', s18Certificate: 's18Certificate' } as const;

import { type FormStore, getValues } from '@modular-forms/react';
import { type LinkEntries, linkEntriesOf, linkFormPathOf } from '~/islands/editor/linkValues';
import {
  dropEmptyTexts,
  errorsAtFormPaths,
  fieldPathsOf,
  firstMessages,
  multipartOf,
} from '~/islands/form/formValues';
import { schemaErrors } from '~/islands/form/validation';
import type { MyOrganisationView } from '~/lib/contracts/organisations';
import type { CurrentUser } from '~/lib/currentUser';
import {
  normaliseVideoUrl,
  SOCIAL_PLATFORMS,
  type SocialPlatform,
  socialPlatformOf,
} from '~/lib/schemas/campaign';
import {
  editOrganisationSchema,
  normaliseKeywords,
  ORGANISATION_JSON_FIELDS,
  registerOrganisationSchema,
} from '~/lib/schemas/organisation';

/**
 * The organisation form's values and the organisation form of the contract
 * (docs/api/organisations.md "Planned calls"), both ways, with the server's
 * messages put back under the inputs they belong to. Pure: no DOM, no requests.
 */

export const ORGANISATION_STEPS = ['organisation', 'about', 'contact', 'review'] as const;
export type OrganisationStep = (typeof ORGANISATION_STEPS)[number];

export const ORGANISATION_STEP_LABELS: Readonly<Record<OrganisationStep, string>> = {
  organisation: 'Organisation',
  about: 'About',
  contact: 'Contact',
  review: 'Certificate and review',
};

/** The organisation's own website is a field of its own, so the social links leave that platform out. */
export const ORGANISATION_SOCIAL_PLATFORMS = SOCIAL_PLATFORMS.filter(
  (platform): platform is Exclude<SocialPlatform, 'website'> => platform !== 'website',
);

export type OrganisationFormValues = {
  legalName: string;
  otherName: string;
  organizationTypeId: string;
  /** Sector ids, as the checkboxes hold them. */
  organizationSectors: string[];
  /** Comma-joined. */
  keywordsDescription: string;
  /** HTML from the rich-text editor. */
  briefDescription: string;
  videos: string[];
  socials: Record<string, string>;
  website: string;
  address: {
    addressLine1: string;
    addressLine2: string;
    city: string;
    province: string;
    country: string;
    zip: string;
  };
  telephone: string;
  /** SARS's PBO reference number (Section 18A receipts). */
  pboNumber: string;
  /** The Department of Social Development's NPO number ('123-456 NPO'). */
  npoNumber: string;
  /** The organisation's own address (the contract's `email`; named apart from the team forms' `email` input). */
  organisationEmail: string;
  mainContactPerson: {
    firstName: string;
    lastName: string;
    phone: string;
    positionId: string;
    email: string;
  };
};

export type OrganisationFormStore = FormStore<OrganisationFormValues, undefined>;

export type SaveMode = 'create' | 'edit';

/** Every input's path in these values ('legalName', 'address.city', 'videos.0'; the sector checkboxes are one). */
export const organisationFieldPaths = (values: OrganisationFormValues): string[] =>
  fieldPathsOf(values, ['organizationSectors']);

export function emptyOrganisationValues(): OrganisationFormValues {
  return {
    legalName: '',
    otherName: '',
    organizationTypeId: '',
    organizationSectors: [],
    keywordsDescription: '',
    briefDescription: '',
    videos: [],
    socials: Object.fromEntries(ORGANISATION_SOCIAL_PLATFORMS.map((platform) => [platform, ''])),
    website: '',
    address: { addressLine1: '', addressLine2: '', city: '', province: '', country: '', zip: '' },
    telephone: '',
    pboNumber: '',
    npoNumber: '',
    organisationEmail: '',
    mainContactPerson: { firstName: '', lastName: '', phone: '', positionId: '', email: '' },
  };
}

/** Who registers an organisation, as the main contact is prefilled from them. */
export type ContactPrefill = Pick<CurrentUser, 'firstName' | 'lastName' | 'email' | 'msisdn'>;

/**
 * A new organisation's values: empty, but the main contact is the signed-in user who registers it
 * (their name, email and mobile number), which they may change to someone else.
 */
export function newOrganisationValues(user: ContactPrefill | null): OrganisationFormValues {
  const values = emptyOrganisationValues();
  if (!user) return values;
  return {
    ...values,
    mainContactPerson: {
      ...values.mainContactPerson,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      phone: user.msisdn ?? '',
    },
  };
}

/** The form's values with every key present (empty field arrays and unmounted groups give none). */
export function completeOrganisationValues(partial: Partial<OrganisationFormValues>): OrganisationFormValues {
  const empty = emptyOrganisationValues();
  return {
    ...empty,
    ...partial,
    organizationSectors: partial.organizationSectors ?? [],
    videos: partial.videos ?? [],
    socials: { ...empty.socials, ...partial.socials },
    address: { ...empty.address, ...partial.address },
    mainContactPerson: { ...empty.mainContactPerson, ...partial.mainContactPerson },
  };
}

/** The form's values with defaults for what is not on screen; `peek` reads without subscribing. */
export function readOrganisationValues(
  form: OrganisationFormStore,
  { peek = true } = {},
): OrganisationFormValues {
  return completeOrganisationValues(getValues(form, { peek }) as Partial<OrganisationFormValues>);
}

const text = (value: string | null | undefined): string => value ?? '';

/** The form values of a saved organisation (the managers' view). */
export function valuesFromOrganisation(organisation: MyOrganisationView): OrganisationFormValues {
  const empty = emptyOrganisationValues();
  const socials = { ...empty.socials };
  for (const link of organisation.socialUrls ?? []) {
    const platform = socialPlatformOf(link);
    if (platform in socials && !socials[platform]) socials[platform] = link;
  }
  const address = organisation.address;
  const contact = organisation.mainContactPerson;
  return {
    legalName: organisation.legalName,
    otherName: text(organisation.otherName),
    organizationTypeId:
      organisation.organizationTypeId === null ? '' : String(organisation.organizationTypeId),
    organizationSectors: organisation.organizationSectors.map((sector) => String(sector.id)),
    keywordsDescription: text(organisation.keywordsDescription),
    briefDescription: text(organisation.briefDescription),
    videos: (organisation.videoUrls ?? []).map((link) => normaliseVideoUrl(link) ?? link),
    socials,
    website: text(organisation.website),
    address: {
      addressLine1: text(address?.addressLine1),
      addressLine2: text(address?.addressLine2),
      city: text(address?.city),
      province: text(address?.province),
      country: text(address?.country),
      zip: text(address?.zip),
    },
    telephone: text(organisation.telephone),
    pboNumber: text(organisation.pboNumber),
    npoNumber: text(organisation.npoNumber),
    organisationEmail: text(organisation.email),
    mainContactPerson: {
      firstName: text(contact?.firstName),
      lastName: text(contact?.lastName),
      phone: text(contact?.phone),
      positionId: contact?.position ? String(contact.position.id) : '',
      email: text(contact?.email),
    },
  };
}

/** The organisation form to send, and how its list entries map back to the inputs. */
export interface OrganisationInput extends LinkEntries {
  fields: Record<string, unknown>;
}

/**
 * The contract's organisation form for these values. A new organisation
 * leaves out what is empty (the server's defaults apply); an edit sends every
 * field, '' clearing it.
 */
export function organisationInputOf(values: OrganisationFormValues, mode: SaveMode): OrganisationInput {
  const { socialPlatforms, videoIndexes, socials, videos } = linkEntriesOf(
    values,
    ORGANISATION_SOCIAL_PLATFORMS,
  );
  const contact = values.mainContactPerson;
  const all: Record<string, unknown> = {
    legalName: values.legalName.trim(),
    otherName: values.otherName.trim(),
    organizationTypeId: values.organizationTypeId,
    organizationSectors: values.organizationSectors.map(Number),
    keywordsDescription: normaliseKeywords(values.keywordsDescription),
    briefDescription: values.briefDescription,
    videos,
    socials,
    website: values.website.trim(),
    address: { ...values.address },
    telephone: values.telephone.trim(),
    email: values.organisationEmail.trim(),
    pboNumber: values.pboNumber.trim(),
    npoNumber: values.npoNumber.trim(),
    mainContactPerson: {
      firstName: contact.firstName.trim(),
      lastName: contact.lastName.trim(),
      phone: contact.phone.trim(),
      positionId: contact.positionId === '' ? null : Number(contact.positionId),
      email: contact.email.trim(),
    },
  };
  if (mode === 'create') dropEmptyTexts(all);
  return { fields: all, socialPlatforms, videoIndexes };
}

/** Which step holds an input (a form path such as 'address.city' or 'videos.2'). */
export function stepOfField(path: string): OrganisationStep {
  const head = path.split('.')[0] ?? '';
  if (['briefDescription', 'logo', 'videos', 'socials', 'website'].includes(head)) return 'about';
  if (['address', 'telephone', 'email', 'organisationEmail', 'mainContactPerson'].includes(head))
    return 'contact';
  if (['s18Certificate', 'npoNumber', 'pboNumber'].includes(head)) return 'review';
  return 'organisation';
}

/**
 * The form path an error of the contract's form belongs to: `socials.1.url`
 * is the input of that entry's platform, `videos.0` the form's own index,
 * `organizationSectors.2` the sector list. Unknown paths stay as they are.
 */
export function formPathOf(path: string, input: LinkEntries): string {
  const link = linkFormPathOf(path, input, ORGANISATION_SOCIAL_PLATFORMS);
  if (link) return link;
  const [head, index, ...rest] = path.split('.');
  if (head === 'organizationSectors') return 'organizationSectors';
  if (head === 'email') return 'organisationEmail';
  return [head, index, ...rest].filter((part) => part !== undefined).join('.');
}

/** Field errors (path → messages, a 400's `data` or a schema's issues), moved to the form's paths. */
export function errorsToForm(
  data: Record<string, readonly string[]> | null | undefined,
  input: LinkEntries,
): Record<string, string> {
  return errorsAtFormPaths(firstMessages(data), (path) => formPathOf(path, input));
}

/** Field errors (form path → message) of these values against the shared schema. */
export function validateOrganisationValues(
  values: OrganisationFormValues,
  mode: SaveMode,
): Record<string, string> {
  const input = organisationInputOf(values, mode);
  const schema = mode === 'create' ? registerOrganisationSchema : editOrganisationSchema;
  return errorsAtFormPaths(schemaErrors(schema, input.fields), (path) => formPathOf(path, input));
}

/** `POST /organizations/` and `PATCH /organizations/{id}`: text fields, JSON fields as text, the two files. */
export function organisationFormData(
  fields: Record<string, unknown>,
  files: { logo?: File | null; s18Certificate?: File | null } = {},
): FormData {
  const form = multipartOf(fields, ORGANISATION_JSON_FIELDS);
  if (files.logo) form.append('logo', files.logo, files.logo.name);
  if (files.s18Certificate) form.append('s18Certificate', files.s18Certificate, files.s18Certificate.name);
  return form;
}

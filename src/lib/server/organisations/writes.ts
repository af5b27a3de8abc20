import { eq, inArray } from 'drizzle-orm';
import {
  type EditOrganisationInput,
  ORGANISATION_LIMITS,
  ORGANISATION_MESSAGES,
} from '~/lib/schemas/organisation';
import type { AddressInput } from '~/lib/schemas/profile';
import { discardFiles } from '~/lib/server/campaigns/images';
import { throwFieldErrors } from '~/lib/server/campaigns/writes';
import {
  organisationAddresses,
  organisationSectors,
  organisationSocials,
  type organisations,
  organisationTypes,
  organisationVideos,
  positions,
  sectors,
} from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import type { FieldErrors } from '~/lib/server/http/errors';
import { bytesOf } from '~/lib/server/http/formData';
import { saveDocument, saveImage } from '~/lib/server/platform/files';
import { sanitizeStoryHtml, textOfHtml } from '~/lib/server/platform/sanitizeHtml';

type OrganisationColumns = Partial<typeof organisations.$inferInsert>;

/** The organisation columns the form sets (the description sanitised); fields it leaves out stay out. */
export function organisationColumns(input: EditOrganisationInput): OrganisationColumns {
  const c: OrganisationColumns = {};
  if (input.legalName !== undefined) c.legalName = input.legalName;
  if (input.otherName !== undefined) c.otherName = input.otherName;
  if (input.organizationTypeId !== undefined) c.organisationTypeId = input.organizationTypeId;
  if (input.keywordsDescription !== undefined) c.keywordsDescription = input.keywordsDescription;
  if (input.briefDescription !== undefined) c.briefDescription = sanitizeStoryHtml(input.briefDescription);
  if (input.website !== undefined) c.website = input.website;
  if (input.telephone !== undefined) c.telephone = input.telephone;
  if (input.email !== undefined) c.email = input.email;
  if (input.url) c.url = input.url;
  if (input.nonRandOrganization !== undefined) c.nonRandOrganization = input.nonRandOrganization;
  if (input.pboNumber !== undefined) c.pboNumber = input.pboNumber;
  if (input.npoNumber !== undefined) c.npoNumber = input.npoNumber;
  const contact = input.mainContactPerson;
  if (contact !== undefined) {
    c.mainContactFirstName = contact.firstName;
    c.mainContactLastName = contact.lastName;
    c.mainContactPhone = contact.phone ?? null;
    c.mainContactEmail = contact.email;
    if (contact.positionId !== undefined) c.mainContactPositionId = contact.positionId;
  }
  return c;
}

/**
 * Field errors for what the schema cannot know: an unknown type, sector or
 * position, and a description that is too short once sanitised (a script's
 * text does not count).
 */
export async function organisationProblems(input: EditOrganisationInput, db: DbOrTx): Promise<FieldErrors> {
  const sectorIds = input.organizationSectors ?? [];
  const positionId = input.mainContactPerson?.positionId ?? null;
  const [type, knownSectors, position] = await Promise.all([
    input.organizationTypeId === undefined
      ? null
      : db
          .select({ id: organisationTypes.id })
          .from(organisationTypes)
          .where(eq(organisationTypes.id, input.organizationTypeId))
          .then((rows) => rows[0] ?? null),
    sectorIds.length === 0
      ? []
      : db.select({ id: sectors.id }).from(sectors).where(inArray(sectors.id, sectorIds)),
    positionId === null
      ? null
      : db
          .select({ id: positions.id })
          .from(positions)
          .where(eq(positions.id, positionId))
          .then((rows) => rows[0] ?? null),
  ]);
  const errors: FieldErrors = {};
  if (input.organizationTypeId !== undefined && !type)
    errors.organizationTypeId = [ORGANISATION_MESSAGES.type];
  if (knownSectors.length !== sectorIds.length) errors.organizationSectors = [ORGANISATION_MESSAGES.sectors];
  if (input.briefDescription !== undefined) {
    const text = textOfHtml(sanitizeStoryHtml(input.briefDescription));
    if (text.length < ORGANISATION_LIMITS.descriptionMinText) {
      errors.briefDescription = [ORGANISATION_MESSAGES.descriptionTooShort];
    }
  }
  if (positionId !== null && !position)
    errors['mainContactPerson.positionId'] = [ORGANISATION_MESSAGES.position];
  return errors;
}

/** Sets the fields of the main address (position 0) that `address` carries; absent ones stay. */
async function writeMainAddress(tx: DbOrTx, organisationId: string, address: AddressInput): Promise<void> {
  const set = Object.fromEntries(Object.entries(address).filter(([, value]) => value !== undefined));
  const [main] = await tx
    .select({ id: organisationAddresses.id })
    .from(organisationAddresses)
    .where(eq(organisationAddresses.organisationId, organisationId))
    .orderBy(organisationAddresses.position, organisationAddresses.id)
    .limit(1);
  if (main) {
    if (Object.keys(set).length > 0) {
      await tx.update(organisationAddresses).set(set).where(eq(organisationAddresses.id, main.id));
    }
    return;
  }
  await tx.insert(organisationAddresses).values({ organisationId, position: 0, ...set });
}

/** Sectors, address, videos and socials: the parts kept in their own tables; a list sent replaces the old one. */
export async function writeOrganisationParts(
  tx: DbOrTx,
  organisationId: string,
  input: EditOrganisationInput,
): Promise<void> {
  if (input.organizationSectors !== undefined) {
    await tx.delete(organisationSectors).where(eq(organisationSectors.organisationId, organisationId));
    if (input.organizationSectors.length > 0) {
      await tx
        .insert(organisationSectors)
        .values(input.organizationSectors.map((sectorId) => ({ organisationId, sectorId })));
    }
  }
  if (input.address !== undefined) await writeMainAddress(tx, organisationId, input.address);
  if (input.videos !== undefined) {
    await tx.delete(organisationVideos).where(eq(organisationVideos.organisationId, organisationId));
    if (input.videos.length > 0) {
      await tx
        .insert(organisationVideos)
        .values(input.videos.map((url, position) => ({ organisationId, url, position })));
    }
  }
  if (input.socials !== undefined) {
    await tx.delete(organisationSocials).where(eq(organisationSocials.organisationId, organisationId));
    if (input.socials.length > 0) {
      await tx
        .insert(organisationSocials)
        .values(input.socials.map((social, position) => ({ organisationId, url: social.url, position })));
    }
  }
}

export interface OrganisationFiles {
  logo: readonly File[];
  s18Certificate: readonly File[];
}

export interface SavedOrganisationFiles {
  logoFileId?: string;
  s18CertificateFileId?: string;
}

/** 400 for more than one logo or certificate. */
export function checkOrganisationFiles(files: OrganisationFiles): void {
  const errors: FieldErrors = {};
  if (files.logo.length > 1) errors.logo = [ORGANISATION_MESSAGES.oneLogo];
  if (files.s18Certificate.length > 1) errors.s18Certificate = [ORGANISATION_MESSAGES.oneCertificate];
  throwFieldErrors(errors);
}

/**
 * Stores the logo (a public image, in the logo widths) and the Section 18A
 * certificate (a private PDF or image of its uploader). A failure removes
 * what was stored and rethrows.
 */
export async function saveOrganisationFiles(
  files: OrganisationFiles,
  ownerId: string,
): Promise<SavedOrganisationFiles> {
  const saved: SavedOrganisationFiles = {};
  const [logo] = files.logo;
  const [certificate] = files.s18Certificate;
  try {
    if (logo) {
      const stored = await saveImage({
        bytes: await bytesOf(logo),
        originalName: logo.name,
        ownerId,
        purpose: 'logo',
      });
      saved.logoFileId = stored.id;
    }
    if (certificate) {
      const stored = await saveDocument({
        bytes: await bytesOf(certificate),
        originalName: certificate.name,
        ownerId,
      });
      saved.s18CertificateFileId = stored.id;
    }
  } catch (error) {
    await discardSaved(saved);
    throw error;
  }
  return saved;
}

/** Deletes files stored for a request that failed. */
export async function discardSaved(saved: SavedOrganisationFiles): Promise<void> {
  await discardFiles([saved.logoFileId, saved.s18CertificateFileId].filter((id) => id !== undefined));
}

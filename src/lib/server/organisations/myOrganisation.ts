import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FileView, MyOrganisationView } from '~/lib/contracts/organisations';
import { fromCents } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import {
  bankingDetails,
  organisationAddresses,
  organisationSectors,
  organisationSocials,
  organisations,
  organisationUsers,
  organisationVideos,
  positions,
  sectors,
  storedFiles,
  teamMembers,
  users,
} from '~/lib/server/db/schema';
import { notFound } from '~/lib/server/http/errors';
import { imageUrl } from '~/lib/server/platform/files';
import { loadOrganisationTotalsCents } from './totals';

export const NO_ORGANISATION_MESSAGE = 'You have no organisation yet.';

/** `value` with all but its last `readable` characters starred out (as long as it was). */
function maskAllButLast(value: string, readable: number): string {
  const keep = value.slice(-readable);
  return '*'.repeat(Math.max(value.length - keep.length, 0)) + keep;
}

/** `1234567890` → `******7890`: only the last 4 characters stay readable. */
export function maskAccountNumber(accountNumber: string): string {
  return maskAllButLast(accountNumber, 4);
}

/**
 * `8503155800085` → `**********085`: only the last 3 characters stay readable,
 * enough to tell two submissions apart without giving away a birth date.
 */
export function maskIdNumber(idNumber: string): string {
  return maskAllButLast(idNumber, 3);
}

const logoFile = alias(storedFiles, 'logo_file');
const s18File = alias(storedFiles, 's18_file');

// Drizzle answers a left-joined object whose columns are all null as null.
function fileView(
  file: { id: string; storageKey: string; url: string | null; name: string } | null,
): FileView | null {
  if (!file) return null;
  return { url: imageUrl(file), fileName: file.name };
}

/** The organisation row of the user's strongest membership (lowest role number), or null. */
async function findMembership(userId: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      organisation: organisations,
      role: organisationUsers.role,
      position: { id: positions.id, name: positions.name },
      logo: {
        id: logoFile.id,
        storageKey: logoFile.storageKey,
        url: logoFile.url,
        name: logoFile.originalName,
      },
      s18: { id: s18File.id, storageKey: s18File.storageKey, url: s18File.url, name: s18File.originalName },
    })
    .from(organisationUsers)
    .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
    .leftJoin(positions, eq(positions.id, organisations.mainContactPositionId))
    .leftJoin(logoFile, eq(logoFile.id, organisations.logoFileId))
    .leftJoin(s18File, eq(s18File.id, organisations.s18CertificateFileId))
    .where(eq(organisationUsers.userId, userId))
    .orderBy(asc(organisationUsers.role), asc(organisationUsers.createdAt))
    .limit(1);
  return row ?? null;
}

/** Everything listed under the organisation, in one round of parallel queries. */
async function loadParts(organisationId: string) {
  const db = await getDb();
  return Promise.all([
    db
      .select({ id: sectors.id, name: sectors.name })
      .from(organisationSectors)
      .innerJoin(sectors, eq(sectors.id, organisationSectors.sectorId))
      .where(eq(organisationSectors.organisationId, organisationId))
      .orderBy(asc(sectors.id)),
    db
      .select()
      .from(organisationAddresses)
      .where(eq(organisationAddresses.organisationId, organisationId))
      .orderBy(asc(organisationAddresses.position), asc(organisationAddresses.id)),
    db
      .select({ id: organisationVideos.id, url: organisationVideos.url })
      .from(organisationVideos)
      .where(eq(organisationVideos.organisationId, organisationId))
      .orderBy(asc(organisationVideos.position), asc(organisationVideos.id)),
    db
      .select({ id: organisationSocials.id, url: organisationSocials.url })
      .from(organisationSocials)
      .where(eq(organisationSocials.organisationId, organisationId))
      .orderBy(asc(organisationSocials.position), asc(organisationSocials.id)),
    db
      .select()
      .from(teamMembers)
      .where(and(eq(teamMembers.organisationId, organisationId), eq(teamMembers.deleted, false)))
      .orderBy(asc(teamMembers.createdAt), asc(teamMembers.id)),
    db
      .select({
        userId: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        role: organisationUsers.role,
      })
      .from(organisationUsers)
      .innerJoin(users, eq(users.id, organisationUsers.userId))
      .where(eq(organisationUsers.organisationId, organisationId))
      .orderBy(asc(organisationUsers.role), asc(organisationUsers.createdAt)),
    db
      .select()
      .from(bankingDetails)
      .where(eq(bankingDetails.organisationId, organisationId))
      .orderBy(desc(bankingDetails.createdAt), desc(bankingDetails.id))
      .limit(1),
  ]);
}

/**
 * The organisation the user belongs to (the strongest role when several), as
 * `GET /organizations/` answers it. Throws 404 when the user has none.
 */
export async function getMyOrganisation(user: SessionUser): Promise<MyOrganisationView> {
  const membership = await findMembership(user.id);
  if (!membership) throw notFound(NO_ORGANISATION_MESSAGE);
  const org = membership.organisation;
  const [[sectorRows, addressRows, videos, socials, members, orgUsers, [bank]], totals] = await Promise.all([
    loadParts(org.id),
    loadOrganisationTotalsCents(org.id),
  ]);
  const addresses = addressRows.map((a) => ({
    id: a.id,
    addressLine1: a.addressLine1,
    addressLine2: a.addressLine2,
    city: a.city,
    province: a.province,
    country: a.country,
    zip: a.zip,
    position: a.position,
  }));
  const main = addresses[0];
  const mainContact = members.find((m) => m.mainContactPerson);
  const received = totals.received;
  return {
    id: org.id,
    legalName: org.legalName,
    otherName: org.otherName,
    organizationSectors: sectorRows,
    organizationTypeId: org.organisationTypeId,
    address: main
      ? {
          addressLine1: main.addressLine1,
          addressLine2: main.addressLine2,
          city: main.city,
          province: main.province,
          country: main.country,
          zip: main.zip,
        }
      : null,
    keywordsDescription: org.keywordsDescription,
    organizationVideos: videos,
    organizationSocials: socials,
    briefDescription: org.briefDescription,
    logo: fileView(membership.logo),
    s18Certificate: fileView(membership.s18),
    mainContactPerson: {
      id: mainContact?.id ?? null,
      firstName: org.mainContactFirstName,
      lastName: org.mainContactLastName,
      phone: org.mainContactPhone,
      position: membership.position,
      email: org.mainContactEmail,
    },
    website: org.website,
    telephone: org.telephone,
    email: org.email,
    orgDonationsTotal: fromCents(received),
    organizationTotalFundsReceived: fromCents(received),
    organizationFundsAvailable: fromCents(Math.max(received - totals.committed, 0)),
    url: org.url,
    isVerified: org.isVerified,
    teamMembers: members.map((m) => ({
      id: m.id,
      firstName: m.firstName,
      lastName: m.lastName,
      email: m.email,
      mobileNumber: m.mobileNumber,
      organizationPositionId: m.organisationPositionId,
      userRole: m.userRole,
      campaignId: m.campaignId,
      organizationId: m.organisationId,
      mainContactPerson: m.mainContactPerson,
      inviteStatus: m.inviteStatus,
      deleted: m.deleted,
    })),
    organizationUsers: orgUsers,
    organizationAddresses: addresses,
    videoUrls: videos.map((v) => v.url),
    socialUrls: socials.map((s) => s.url),
    verification: null,
    bankingDetail: bank
      ? {
          id: bank.id,
          accountHolderName: bank.accountHolderName,
          accountHolderEmail: bank.accountHolderEmail,
          idType: bank.idType,
          statementReference: bank.statementReference,
          bankName: bank.bankName,
          bankNameAlt: bank.bankNameAlt,
          accountNumber: maskAccountNumber(bank.accountNumber),
          bankCode: bank.bankCode,
          swiftCode: bank.swiftCode,
          accountType: bank.accountType,
          isInternational: bank.isInternational,
          requestStatus: bank.requestStatus,
          createdAt: bank.createdAt.toISOString(),
        }
      : null,
    userRole: membership.role,
  };
}

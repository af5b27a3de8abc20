import { and, asc, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  FileView,
  MyOrganisationView,
  OrganisationVerificationView,
} from '~/lib/contracts/organisations';
import { OrgUserRole } from '~/lib/enums';
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
  organisationVerificationDocuments,
  organisationVerifications,
  organisationVideos,
  positions,
  sectors,
  storedFiles,
  teamMembers,
  users,
} from '~/lib/server/db/schema';
import { notFound } from '~/lib/server/http/errors';
import { imageUrl } from '~/lib/server/platform/files';
import { findOrganisationFor, ORGANISATION_ACCESS_MESSAGES } from './access';
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
const legalFile = alias(storedFiles, 'legal_file');

type FileColumns = { id: string; storageKey: string; url: string | null; name: string } | null;

// Drizzle answers a left-joined object whose columns are all null as null.
function fileView(file: FileColumns): FileView | null {
  if (!file) return null;
  return { url: imageUrl(file), fileName: file.name };
}

const logoColumns = {
  id: logoFile.id,
  storageKey: logoFile.storageKey,
  url: logoFile.url,
  name: logoFile.originalName,
};
const s18Columns = {
  id: s18File.id,
  storageKey: s18File.storageKey,
  url: s18File.url,
  name: s18File.originalName,
};
const legalColumns = {
  id: legalFile.id,
  storageKey: legalFile.storageKey,
  url: legalFile.url,
  name: legalFile.originalName,
};
const documentColumns = {
  id: storedFiles.id,
  storageKey: storedFiles.storageKey,
  url: storedFiles.url,
  name: storedFiles.originalName,
};

/** The organisation's own columns, its files and its main contact's position. */
const headerColumns = {
  organisation: organisations,
  position: { id: positions.id, name: positions.name },
  logo: logoColumns,
  s18: s18Columns,
};

interface Header {
  organisation: typeof organisations.$inferSelect;
  position: { id: number; name: string } | null;
  logo: FileColumns;
  s18: FileColumns;
}

/** The organisation of the user's strongest membership (lowest role number) and their role, or null. */
async function findMembership(userId: string): Promise<{ header: Header; role: number } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ ...headerColumns, role: organisationUsers.role })
    .from(organisationUsers)
    .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
    .leftJoin(positions, eq(positions.id, organisations.mainContactPositionId))
    .leftJoin(logoFile, eq(logoFile.id, organisations.logoFileId))
    .leftJoin(s18File, eq(s18File.id, organisations.s18CertificateFileId))
    .where(eq(organisationUsers.userId, userId))
    .orderBy(asc(organisationUsers.role), asc(organisationUsers.createdAt))
    .limit(1);
  if (!row) return null;
  const { role, ...header } = row;
  return { header, role };
}

/** The organisation by id with its files and contact position (it is known to exist). */
async function loadHeader(organisationId: string): Promise<Header> {
  const db = await getDb();
  const [row] = await db
    .select(headerColumns)
    .from(organisations)
    .leftJoin(positions, eq(positions.id, organisations.mainContactPositionId))
    .leftJoin(logoFile, eq(logoFile.id, organisations.logoFileId))
    .leftJoin(s18File, eq(s18File.id, organisations.s18CertificateFileId))
    .where(eq(organisations.id, organisationId))
    .limit(1);
  if (!row) throw notFound(ORGANISATION_ACCESS_MESSAGES.notFound);
  return row;
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
    db
      .select({ verification: organisationVerifications, legal: legalColumns })
      .from(organisationVerifications)
      .leftJoin(legalFile, eq(legalFile.id, organisationVerifications.legalDocumentFileId))
      .where(eq(organisationVerifications.organisationId, organisationId))
      .limit(1),
    db
      .select(documentColumns)
      .from(organisationVerificationDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, organisationVerificationDocuments.fileId))
      .where(eq(organisationVerificationDocuments.organisationId, organisationId))
      .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id)),
  ]);
}

type Parts = Awaited<ReturnType<typeof loadParts>>;

function verificationView(
  row: Parts[7][number] | undefined,
  supportDocuments: Parts[8],
): OrganisationVerificationView | null {
  if (!row) return null;
  const v = row.verification;
  return {
    hasFulltimeStaff: v.hasFulltimeStaff,
    hasCrowdfundedBefore: v.hasCrowdfundedBefore,
    hasUsedEventsBefore: v.hasUsedEventsBefore,
    recievesSupport: v.receivesSupport,
    recievedSupportDetails: v.receivedSupportDetails,
    helpRequired: v.helpRequired,
    regularNumberOfDonors: v.regularNumberOfDonors,
    crowdFundingLinks: v.crowdFundingLinks,
    supportPartners: v.supportPartners,
    legalDocument: fileView(row.legal),
    supportDocuments: supportDocuments.flatMap((file) => fileView(file) ?? []),
    isVerified: v.isVerified,
    submittedAt: v.submittedAt?.toISOString() ?? null,
  };
}

/** The managers' view of one organisation, for a caller whose role in it is `role`. */
async function buildView(header: Header, role: number): Promise<MyOrganisationView> {
  const org = header.organisation;
  const [
    [sectorRows, addressRows, videos, socials, members, orgUsers, [bank], [verification], supportDocuments],
    totals,
  ] = await Promise.all([loadParts(org.id), loadOrganisationTotalsCents(org.id)]);
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
    logo: fileView(header.logo),
    s18Certificate: fileView(header.s18),
    mainContactPerson: {
      id: mainContact?.id ?? null,
      firstName: org.mainContactFirstName,
      lastName: org.mainContactLastName,
      phone: org.mainContactPhone,
      position: header.position,
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
    verification: verificationView(verification, supportDocuments),
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
    userRole: role,
  };
}

/**
 * The organisation the user belongs to (the strongest role when several), as
 * `GET /organizations/` answers it. Throws 404 when the user has none.
 */
export async function getMyOrganisation(user: SessionUser): Promise<MyOrganisationView> {
  const membership = await findMembership(user.id);
  if (!membership) throw notFound(NO_ORGANISATION_MESSAGE);
  return buildView(membership.header, membership.role);
}

/**
 * `GET /organizations/{id}`: the same view of the organisation `id` for its
 * Owners, Admins and Editors (404 unknown, 403 anyone else); `userRole` is the
 * caller's role, Owner (0) for a platform admin who is no member.
 */
export async function getOrganisationForManagers(user: SessionUser, id: string): Promise<MyOrganisationView> {
  const { organisation, role } = await findOrganisationFor(user, id, 'view');
  return buildView(await loadHeader(organisation.id), role ?? OrgUserRole.Owner);
}

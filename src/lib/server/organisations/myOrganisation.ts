import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type {
  MyMembership,
  MyOrganisationView,
  OrganisationVerificationView,
} from '~/lib/contracts/organisations';
import { OrgUserRole } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import {
  bankingDetails,
  organisations,
  organisationUsers,
  organisationVerificationDocuments,
  organisationVerifications,
  positions,
  storedFiles,
  users,
} from '~/lib/server/db/schema';
import { notFound } from '~/lib/server/http/errors';
import { findOrganisationFor, ORGANISATION_ACCESS_MESSAGES } from './access';
import { addressOf, type FileColumns, fileColumns, fileView, organisationListsOf } from './parts';
import { listOrganisationTeamMembers } from './team';
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

interface Header {
  organisation: typeof organisations.$inferSelect;
  position: { id: number; name: string } | null;
  logo: FileColumns;
  s18: FileColumns;
}

/** The organisation of the user's strongest membership (lowest role number) and their role, or null. */
async function findMembership(userId: string): Promise<{ organisationId: string; role: number } | null> {
  const db = await getDb();
  const [row] = await db
    .select({ organisationId: organisationUsers.organisationId, role: organisationUsers.role })
    .from(organisationUsers)
    .where(eq(organisationUsers.userId, userId))
    .orderBy(asc(organisationUsers.role), asc(organisationUsers.createdAt))
    .limit(1);
  return row ?? null;
}

/** The organisation's own columns, its files and its main contact's position (404 when it is gone). */
async function loadHeader(organisationId: string): Promise<Header> {
  const db = await getDb();
  const [row] = await db
    .select({
      organisation: organisations,
      position: { id: positions.id, name: positions.name },
      logo: fileColumns(logoFile),
      s18: fileColumns(s18File),
    })
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
    organisationListsOf(organisationId, db),
    listOrganisationTeamMembers(organisationId, db),
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
      .select({ verification: organisationVerifications, legal: fileColumns(legalFile) })
      .from(organisationVerifications)
      .leftJoin(legalFile, eq(legalFile.id, organisationVerifications.legalDocumentFileId))
      .where(eq(organisationVerifications.organisationId, organisationId))
      .limit(1),
    db
      .select(fileColumns(storedFiles))
      .from(organisationVerificationDocuments)
      .innerJoin(storedFiles, eq(storedFiles.id, organisationVerificationDocuments.fileId))
      .where(eq(organisationVerificationDocuments.organisationId, organisationId))
      .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id)),
  ]);
}

type Parts = Awaited<ReturnType<typeof loadParts>>;

function verificationView(
  row: Parts[4][number] | undefined,
  supportDocuments: Parts[5],
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
async function buildView(organisationId: string, role: number): Promise<MyOrganisationView> {
  const [header, [lists, members, orgUsers, [bank], [verification], supportDocuments], totals] =
    await Promise.all([
      loadHeader(organisationId),
      loadParts(organisationId),
      loadOrganisationTotalsCents(organisationId),
    ]);
  const org = header.organisation;
  const main = lists.addresses[0];
  const mainContact = members.find((m) => m.mainContactPerson);
  const received = totals.received;
  return {
    id: org.id,
    legalName: org.legalName,
    otherName: org.otherName,
    organizationSectors: lists.sectors,
    organizationTypeId: org.organisationTypeId,
    address: main ? addressOf(main) : null,
    keywordsDescription: org.keywordsDescription,
    organizationVideos: lists.videos,
    organizationSocials: lists.socials,
    briefDescription: org.briefDescription,
    logo: fileView(header.logo),
    s18Certificate: fileView(header.s18),
    pboNumber: org.pboNumber,
    npoNumber: org.npoNumber,
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
    organizationFundsAvailable: fromCents(totals.available),
    url: org.url,
    isVerified: org.isVerified,
    teamMembers: members,
    organizationUsers: orgUsers,
    organizationAddresses: lists.addresses,
    videoUrls: lists.videos.map((v) => v.url),
    socialUrls: lists.socials.map((s) => s.url),
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
  return buildView(membership.organisationId, membership.role);
}

/**
 * `GET /organizations/{id}`: the same view of the organisation `id` for its
 * Owners, Admins and Editors (404 unknown, 403 anyone else); `userRole` is the
 * caller's role, Owner (0) for a platform admin who is no member.
 */
export async function getOrganisationForManagers(user: SessionUser, id: string): Promise<MyOrganisationView> {
  const { organisation, role } = await findOrganisationFor(user, id, 'view');
  return buildView(organisation.id, role ?? OrgUserRole.Owner);
}

/**
 * `GET /organizations/mine`: every organisation the user belongs to, with their strongest
 * role there, by name: the organisations the campaign form offers under "For an organisation".
 */
export async function listMyMemberships(user: SessionUser): Promise<MyMembership[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: organisations.id,
      legalName: organisations.legalName,
      userRole: sql<number>`min(${organisationUsers.role})::int`,
    })
    .from(organisationUsers)
    .innerJoin(organisations, eq(organisations.id, organisationUsers.organisationId))
    .where(eq(organisationUsers.userId, user.id))
    .groupBy(organisations.id, organisations.legalName)
    .orderBy(asc(organisations.legalName));
  return rows.map((row) => ({ ...row, userRole: Number(row.userRole) }));
}

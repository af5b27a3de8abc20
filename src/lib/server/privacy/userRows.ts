import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  bankingDetails,
  campaigns,
  donationReceipts,
  donations,
  gatewayNotifications,
  organisations,
  organisationUsers,
  rateLimits,
  recurringDonations,
  refundRequests,
  reports,
  teamMembers,
  yearlyCertificateDonations,
  yearlyCertificates,
} from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';

/** Who the rows belong to: the account's id and its email, lower-cased. */
export interface Subject {
  id: string;
  email: string;
}

/** Rows made by the user signed in, or with their email before they signed in (a guest gift). */
const donatedBy = (subject: Subject): SQL =>
  or(eq(donations.userId, subject.id), sql`lower(${donations.email}) = ${subject.email}`) as SQL;

export const pledgedBy = (subject: Subject): SQL =>
  or(
    eq(recurringDonations.userId, subject.id),
    sql`lower(${recurringDonations.email}) = ${subject.email}`,
  ) as SQL;

const invitedAs = (subject: Subject): SQL =>
  or(eq(teamMembers.userId, subject.id), sql`lower(${teamMembers.email}) = ${subject.email}`) as SQL;

/** Reports the user made signed in, or with their email as a visitor. */
const reportedBy = (subject: Subject): SQL =>
  or(eq(reports.userId, subject.id), sql`lower(${reports.email}) = ${subject.email}`) as SQL;

/** Receipts the user asked for, or of their donations. */
const receiptsOf = (subject: Subject, donationIds: readonly string[]): SQL =>
  or(eq(donationReceipts.requestedById, subject.id), inIds(donationReceipts.donationId, donationIds)) as SQL;

/** What the gateways said of the user's donations and monthly donations. */
const notificationsOf = (donationIds: readonly string[], recurringIds: readonly string[]): SQL =>
  or(
    inIds(gatewayNotifications.donationId, donationIds),
    inIds(gatewayNotifications.recurringDonationId, recurringIds),
  ) as SQL;

/** Counters of attempts made with the user's email or account. */
const rateLimitsOf = (subject: Subject): SQL =>
  sql`strpos(lower(${rateLimits.key}), ${subject.email}) > 0 or strpos(${rateLimits.key}, ${subject.id}) > 0`;

/** Banking details the user submitted, or of their campaigns (`campaignIds`). */
const bankingOf = (subject: Subject, campaignIds: readonly string[]): SQL =>
  or(eq(bankingDetails.submittedById, subject.id), inIds(bankingDetails.campaignId, campaignIds)) as SQL;

/** Refund requests the user made, or of their donations. */
const refundRequestsOf = (subject: Subject, donationIds: readonly string[]): SQL =>
  or(eq(refundRequests.userId, subject.id), inIds(refundRequests.donationId, donationIds)) as SQL;

/** Organisations the user created, or belongs to (`organisationIds`, their organisation_users rows). */
const organisationsOf = (subject: Subject, organisationIds: readonly string[]): SQL =>
  or(eq(organisations.createdById, subject.id), inIds(organisations.id, organisationIds)) as SQL;

/** Yearly certificates listing the user's donations, or issued to their address. */
async function certificatesOf(db: DbOrTx, subject: Subject, donationIds: readonly string[]): Promise<SQL> {
  const listing = await db
    .select({ id: yearlyCertificateDonations.certificateId })
    .from(yearlyCertificateDonations)
    .where(inIds(yearlyCertificateDonations.donationId, donationIds));
  return or(
    eq(yearlyCertificates.donorKey, subject.email),
    inIds(
      yearlyCertificates.id,
      listing.map((row) => row.id),
    ),
  ) as SQL;
}

/**
 * Which rows are the user's, table by table: what erasure deletes or scrubs and what the export
 * gives (personalData.ts says why each). The ids are read once, so both see the same rows.
 */
export interface UserRows {
  subject: Subject;
  donationIds: string[];
  recurringIds: string[];
  /** The campaigns the user owns. */
  campaignIds: string[];
  /** The organisations the user belongs to (their organisation_users rows). */
  organisationIds: string[];
  where: {
    donations: SQL;
    recurringDonations: SQL;
    gatewayNotifications: SQL;
    donationReceipts: SQL;
    yearlyCertificates: SQL;
    campaigns: SQL;
    organisationUsers: SQL;
    organisations: SQL;
    bankingDetails: SQL;
    teamMembers: SQL;
    rateLimits: SQL;
    reports: SQL;
    refundRequests: SQL;
  };
}

/** The user's rows, for `account` (its email is compared lower-cased). */
export async function userRowsOf(db: DbOrTx, account: { id: string; email: string }): Promise<UserRows> {
  const subject: Subject = { id: account.id, email: account.email.toLowerCase() };
  const [once, monthly, owned, memberships] = await Promise.all([
    db.select({ id: donations.id }).from(donations).where(donatedBy(subject)),
    db.select({ id: recurringDonations.id }).from(recurringDonations).where(pledgedBy(subject)),
    db.select({ id: campaigns.id }).from(campaigns).where(eq(campaigns.ownerId, subject.id)),
    db
      .select({ id: organisationUsers.organisationId })
      .from(organisationUsers)
      .where(eq(organisationUsers.userId, subject.id)),
  ]);
  const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
  const donationIds = ids(once);
  const recurringIds = ids(monthly);
  const campaignIds = ids(owned);
  const organisationIds = ids(memberships);
  return {
    subject,
    donationIds,
    recurringIds,
    campaignIds,
    organisationIds,
    where: {
      donations: inIds(donations.id, donationIds),
      recurringDonations: inIds(recurringDonations.id, recurringIds),
      gatewayNotifications: notificationsOf(donationIds, recurringIds),
      donationReceipts: receiptsOf(subject, donationIds),
      yearlyCertificates: await certificatesOf(db, subject, donationIds),
      campaigns: eq(campaigns.ownerId, subject.id),
      organisationUsers: eq(organisationUsers.userId, subject.id),
      organisations: organisationsOf(subject, organisationIds),
      bankingDetails: bankingOf(subject, campaignIds),
      teamMembers: invitedAs(subject),
      rateLimits: rateLimitsOf(subject),
      reports: reportedBy(subject),
      refundRequests: refundRequestsOf(subject, donationIds),
    },
  };
}

/** `column in (ids)`, or nothing at all for no ids (an empty IN list is not SQL). */
export function inIds(column: Parameters<typeof inArray>[0], ids: readonly string[]): SQL {
  return ids.length > 0 ? inArray(column, [...ids]) : sql`false`;
}

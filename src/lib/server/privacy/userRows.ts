import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import {
  bankingDetails,
  donationReceipts,
  donations,
  gatewayNotifications,
  organisations,
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
export const donatedBy = (subject: Subject): SQL =>
  or(eq(donations.userId, subject.id), sql`lower(${donations.email}) = ${subject.email}`) as SQL;

export const pledgedBy = (subject: Subject): SQL =>
  or(
    eq(recurringDonations.userId, subject.id),
    sql`lower(${recurringDonations.email}) = ${subject.email}`,
  ) as SQL;

export const invitedAs = (subject: Subject): SQL =>
  or(eq(teamMembers.userId, subject.id), sql`lower(${teamMembers.email}) = ${subject.email}`) as SQL;

/** Reports the user made signed in, or with their email as a visitor. */
export const reportedBy = (subject: Subject): SQL =>
  or(eq(reports.userId, subject.id), sql`lower(${reports.email}) = ${subject.email}`) as SQL;

/** Receipts the user asked for, or of their donations. */
export const receiptsOf = (subject: Subject, donationIds: readonly string[]): SQL =>
  or(eq(donationReceipts.requestedById, subject.id), inIds(donationReceipts.donationId, donationIds)) as SQL;

/** What the gateways said of the user's donations and monthly donations. */
export const notificationsOf = (donationIds: readonly string[], recurringIds: readonly string[]): SQL =>
  or(
    inIds(gatewayNotifications.donationId, donationIds),
    inIds(gatewayNotifications.recurringDonationId, recurringIds),
  ) as SQL;

/** Counters of attempts made with the user's email or account. */
export const rateLimitsOf = (subject: Subject): SQL =>
  sql`strpos(lower(${rateLimits.key}), ${subject.email}) > 0 or strpos(${rateLimits.key}, ${subject.id}) > 0`;

/** Banking details the user submitted, or of their campaigns (`campaignIds`). */
export const bankingOf = (subject: Subject, campaignIds: readonly string[]): SQL =>
  or(eq(bankingDetails.submittedById, subject.id), inIds(bankingDetails.campaignId, campaignIds)) as SQL;

/** Refund requests the user made, or of their donations. */
export const refundRequestsOf = (subject: Subject, donationIds: readonly string[]): SQL =>
  or(eq(refundRequests.userId, subject.id), inIds(refundRequests.donationId, donationIds)) as SQL;

/** Organisations the user created, or belongs to (`organisationIds`, their organisation_users rows). */
export const organisationsOf = (subject: Subject, organisationIds: readonly string[]): SQL =>
  or(eq(organisations.createdById, subject.id), inIds(organisations.id, organisationIds)) as SQL;

/** Yearly certificates listing the user's donations, or issued to their address. */
export async function certificatesOf(
  db: DbOrTx,
  subject: Subject,
  donationIds: readonly string[],
): Promise<SQL> {
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

/** Ids of the user's donations and monthly donations, both ways of belonging. */
export async function donationIdsOf(
  db: DbOrTx,
  subject: Subject,
): Promise<{ donationIds: string[]; recurringIds: string[] }> {
  const [once, monthly] = await Promise.all([
    db.select({ id: donations.id }).from(donations).where(donatedBy(subject)),
    db.select({ id: recurringDonations.id }).from(recurringDonations).where(pledgedBy(subject)),
  ]);
  return { donationIds: once.map((row) => row.id), recurringIds: monthly.map((row) => row.id) };
}

/** `column in (ids)`, or nothing at all for no ids (an empty IN list is not SQL). */
export function inIds(column: Parameters<typeof inArray>[0], ids: readonly string[]): SQL {
  return ids.length > 0 ? inArray(column, [...ids]) : sql`false`;
}

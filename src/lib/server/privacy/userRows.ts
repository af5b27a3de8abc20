import { eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import { donations, recurringDonations, reports, teamMembers } from '~/lib/server/db/schema';
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

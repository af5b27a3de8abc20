import { eq, sql } from 'drizzle-orm';
import { OWNER_MAIL_KINDS, type OwnerMailKind, type OwnerMailSettings } from '~/lib/ownerMail';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { campaigns, users } from '~/lib/server/db/schema';
import { readOwnerMailOptOut } from './milestoneMail';

/** Which of the mails about their campaigns an owner gets (docs/api/milestones.md). */

const settingsOf = (optOuts: readonly string[]): OwnerMailSettings =>
  Object.fromEntries(OWNER_MAIL_KINDS.map((kind) => [kind, !optOuts.includes(kind)])) as OwnerMailSettings;

/** `GET /users/owner-mail`. */
export async function ownerMailSettings(user: SessionUser): Promise<OwnerMailSettings> {
  const db = await getDb();
  const [row] = await db.select({ optOuts: users.ownerMailOptOuts }).from(users).where(eq(users.id, user.id));
  return settingsOf(row?.optOuts ?? []);
}

/** `PUT /users/owner-mail`: every kind said on or off. */
export async function saveOwnerMailSettings(
  user: SessionUser,
  input: OwnerMailSettings,
): Promise<OwnerMailSettings> {
  const optOuts = OWNER_MAIL_KINDS.filter((kind) => !input[kind]);
  const db = await getDb();
  await db.update(users).set({ ownerMailOptOuts: optOuts }).where(eq(users.id, user.id));
  return settingsOf(optOuts);
}

/** The kind a mail's link turns off, and whose, when the link is genuine; null otherwise. */
export async function ownerMailOptOutOf(
  token: string,
): Promise<{ kind: OwnerMailKind; firstName: string } | null> {
  const target = readOwnerMailOptOut(token);
  if (!target) return null;
  const db = await getDb();
  const [row] = await db
    .select({ firstName: users.firstName })
    .from(users)
    .where(sql`${users.id} = ${target.userId} and ${users.deletedAt} is null`);
  return row ? { kind: target.kind, firstName: row.firstName } : null;
}

/** Turns the kind off, from a mail's link (a POST from /owner-mail; opening the link changes nothing). */
export async function optOutOfOwnerMail(token: string): Promise<boolean> {
  const target = readOwnerMailOptOut(token);
  if (!target) return false;
  const db = await getDb();
  const updated = await db
    .update(users)
    .set({
      ownerMailOptOuts: sql`array(select distinct k from unnest(${users.ownerMailOptOuts} || array[${target.kind}]::text[]) k)`,
    })
    .where(eq(users.id, target.userId))
    .returning({ id: users.id });
  return updated.length > 0;
}

/** Whether the user owns a campaign at all (the profile shows the settings to owners). */
export async function ownsCampaigns(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(eq(campaigns.ownerId, userId))
    .limit(1);
  return Boolean(row);
}

import { and, eq, isNull } from 'drizzle-orm';
import { PRIVACY_MESSAGES } from '~/lib/schemas/privacy';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { users } from '~/lib/server/db/schema';
import { forbidden, notFound } from '~/lib/server/http/errors';

export type AccountRow = typeof users.$inferSelect;

/**
 * Only the user themself downloads or deletes an account: an admin has no business taking a
 * copy of someone's data or erasing it through these routes (403, before any body is read).
 */
export function assertOwnAccount(viewer: SessionUser, userId: string): void {
  if (viewer.id !== userId) throw forbidden(PRIVACY_MESSAGES.notYours);
}

/** The live account, or 404 (a token that outlived its account). */
export async function findAccount(userId: string): Promise<AccountRow> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)));
  if (!row) throw notFound('User not found.');
  return row;
}

import { asc, eq } from 'drizzle-orm';
import type { AdminCloseReason } from '~/lib/contracts/admin';
import type { CloseReasonInput } from '~/lib/schemas/adminRequests';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { closeReasons } from '~/lib/server/db/schema';
import { notFound } from '~/lib/server/http/errors';
import { intIdParam } from '~/lib/server/http/params';
import { recordAudit } from '~/lib/server/platform/audit';
import { ADMIN_API_MESSAGES as M } from './messages';

/** `GET /admin/close-reasons`: the list owners choose from when they close a campaign. */
export async function listAdminCloseReasons(): Promise<AdminCloseReason[]> {
  const db = await getDb();
  return db
    .select({ id: closeReasons.id, name: closeReasons.name })
    .from(closeReasons)
    .orderBy(asc(closeReasons.id));
}

/** `POST /admin/close-reasons`. */
export async function createCloseReason(
  admin: SessionUser,
  input: CloseReasonInput,
): Promise<AdminCloseReason> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(closeReasons)
      .values({ name: input.name })
      .returning({ id: closeReasons.id, name: closeReasons.name });
    if (!row) throw new Error('The close reason was not saved');
    await recordAudit(
      {
        actorId: admin.id,
        action: 'admin-close-reason-create',
        entity: 'close-reason',
        entityId: String(row.id),
        before: null,
        after: row,
      },
      tx,
    );
    return row;
  });
}

/** `PATCH /admin/close-reasons/{id}`: renames it (campaigns closed with it keep it). */
export async function renameCloseReason(
  admin: SessionUser,
  id: string,
  input: CloseReasonInput,
): Promise<AdminCloseReason> {
  const reasonId = intIdParam(id, 0);
  if (!reasonId) throw notFound(M.closeReasonNotFound);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ id: closeReasons.id, name: closeReasons.name })
      .from(closeReasons)
      .where(eq(closeReasons.id, reasonId))
      .for('update');
    if (!before) throw notFound(M.closeReasonNotFound);
    const after = { id: before.id, name: input.name };
    await tx.update(closeReasons).set({ name: input.name }).where(eq(closeReasons.id, reasonId));
    await recordAudit(
      {
        actorId: admin.id,
        action: 'admin-close-reason-update',
        entity: 'close-reason',
        entityId: String(reasonId),
        before,
        after,
      },
      tx,
    );
    return after;
  });
}

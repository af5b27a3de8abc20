import { getDb } from '~/lib/server/db';
import { auditLog } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';

export interface AuditEntry {
  /** Who did it; null for a visitor or the system. */
  actorId: string | null;
  /** What happened, e.g. 'register', 'login', 'password-reset'. */
  action: string;
  /** What it happened to, e.g. 'user'. */
  entity: string;
  entityId?: string | null;
  details?: Record<string, unknown>;
  /** What the thing looked like before and after (every staff action records both). */
  before?: unknown;
  after?: unknown;
}

/** Records one row in `audit_log` (append-only: the database refuses changes), inside the caller's transaction when given one. */
export async function recordAudit(entry: AuditEntry, db?: DbOrTx): Promise<void> {
  const handle = db ?? (await getDb());
  await handle.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId ?? null,
    details: entry.details ?? {},
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

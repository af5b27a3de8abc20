import { and, count, desc, eq } from 'drizzle-orm';
import type { AuditPage } from '~/lib/contracts/admin';
import { getDb } from '~/lib/server/db';
import { auditLog, users } from '~/lib/server/db/schema';
import type { PageQuery } from '~/lib/server/http/paging';
import { paginationOf } from '~/lib/server/http/paging';

export interface AuditFilter {
  entity?: string | null;
  entityId?: string | null;
}

/** `GET /admin/audit`: the append-only log, newest first, optionally of one entity (and one id). */
export async function listAuditEntries(page: PageQuery, filter: AuditFilter = {}): Promise<AuditPage> {
  const db = await getDb();
  const where = and(
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        actorId: auditLog.actorId,
        actorEmail: users.email,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
        details: auditLog.details,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return {
    items: rows.map((r) => ({ ...r, at: r.at.toISOString() })),
    paginationMetadata: paginationOf(total?.n ?? 0, page.pageNo, page.pageSize),
  };
}

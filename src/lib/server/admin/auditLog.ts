import { and, count, desc, eq, gte, ilike, lte, or, type SQL, sql } from 'drizzle-orm';
import { describeAuditEntry } from '~/lib/auditLabels';
import type { AuditEntryView, AuditPage } from '~/lib/contracts/admin';
import { southAfricanEndOfDay, southAfricanStartOfDay } from '~/lib/dates';
import type { AuditFilter } from '~/lib/schemas/auditFilter';
import { getDb } from '~/lib/server/db';
import { auditLog, users } from '~/lib/server/db/schema';
import type { PageQuery } from '~/lib/server/http/paging';
import { paginationOf } from '~/lib/server/http/paging';
import { lookUpAuditNames } from './auditNames';
import { containing } from './search';

/** The CSV holds at most this many entries, the newest (a narrower filter reaches older ones). */
export const AUDIT_CSV_MAX_ROWS = 10_000;

const NO_FILTER: AuditFilter = {
  actor: null,
  action: null,
  entity: null,
  entityId: null,
  from: null,
  to: null,
};

/** The filter as SQL: the actor's name or email contains `actor`; kind and id exactly; days in South African time. */
function whereOf(filter: AuditFilter): SQL | undefined {
  const actor = filter.actor ? containing(filter.actor) : null;
  return and(
    actor
      ? or(ilike(users.email, actor), ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, actor))
      : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    filter.entity ? eq(auditLog.entity, filter.entity) : undefined,
    filter.entityId ? eq(auditLog.entityId, filter.entityId) : undefined,
    filter.from ? gte(auditLog.at, southAfricanStartOfDay(filter.from)) : undefined,
    filter.to ? lte(auditLog.at, southAfricanEndOfDay(filter.to)) : undefined,
  );
}

const columns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorEmail: users.email,
  actorFirstName: users.firstName,
  actorLastName: users.lastName,
  action: auditLog.action,
  entity: auditLog.entity,
  entityId: auditLog.entityId,
  before: auditLog.before,
  after: auditLog.after,
  details: auditLog.details,
};

async function selectEntries(where: SQL | undefined, limit: number, offset: number) {
  const db = await getDb();
  return db
    .select(columns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .offset(offset);
}

type Row = Awaited<ReturnType<typeof selectEntries>>[number];

/** The rows in words: names looked up once for the whole list. */
async function viewsOf(rows: Row[]): Promise<AuditEntryView[]> {
  const names = await lookUpAuditNames(rows);
  return rows.map(({ actorFirstName, actorLastName, ...row }) => ({
    ...row,
    at: row.at.toISOString(),
    actorName: row.actorEmail
      ? `${actorFirstName ?? ''} ${actorLastName ?? ''}`.trim() || row.actorEmail
      : 'System',
    ...describeAuditEntry(row, names),
  }));
}

/** `GET /admin/audit`: the append-only log in words, newest first, filtered by person, kind and days. */
export async function listAuditEntries(page: PageQuery, filter: AuditFilter = NO_FILTER): Promise<AuditPage> {
  const where = whereOf(filter);
  const db = await getDb();
  const [rows, [total]] = await Promise.all([
    selectEntries(where, page.pageSize, (page.pageNo - 1) * page.pageSize),
    db.select({ n: count() }).from(auditLog).leftJoin(users, eq(users.id, auditLog.actorId)).where(where),
  ]);
  return {
    items: await viewsOf(rows),
    paginationMetadata: paginationOf(total?.n ?? 0, page.pageNo, page.pageSize),
  };
}

/** Every entry the filter keeps (the newest AUDIT_CSV_MAX_ROWS), in words, newest first. */
export async function auditEntriesForExport(filter: AuditFilter): Promise<AuditEntryView[]> {
  return viewsOf(await selectEntries(whereOf(filter), AUDIT_CSV_MAX_ROWS, 0));
}

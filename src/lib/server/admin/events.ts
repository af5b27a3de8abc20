import { asc, eq, like, sql } from 'drizzle-orm';
import type { AdminEvent } from '~/lib/contracts/admin';
import type { EventChangeInput, NewEventInput } from '~/lib/schemas/adminRequests';
import { ADMIN_REQUEST_MESSAGES } from '~/lib/schemas/adminRequests';
import type { SessionUser } from '~/lib/server/accounts/session';
import { firstFreeSlug, slugFromName, slugStem } from '~/lib/server/campaigns/slugs';
import { getDb } from '~/lib/server/db';
import { events } from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { badRequest, notFound } from '~/lib/server/http/errors';
import { intIdParam } from '~/lib/server/http/params';
import { recordAudit } from '~/lib/server/platform/audit';
import { ADMIN_API_MESSAGES as M } from './messages';

type EventRow = typeof events.$inferSelect;

const viewOf = (e: EventRow): AdminEvent => ({
  id: e.id,
  name: e.name,
  slug: e.slug,
  description: e.description,
  startDate: e.startDate?.toISOString() ?? null,
  endDate: e.endDate?.toISOString() ?? null,
  location: e.location,
  isActive: e.isActive,
});

/** `GET /admin/events`: every event, inactive ones too, by start date. */
export async function listAdminEvents(): Promise<AdminEvent[]> {
  const db = await getDb();
  const rows = await db.select().from(events).orderBy(asc(events.startDate), asc(events.id));
  return rows.map(viewOf);
}

/** The event's /event/{slug}: its name's, or the first free `{slug}-2`, `{slug}-3`… */
async function freeEventSlug(tx: Tx, name: string): Promise<string> {
  const base = slugFromName(name, 'event');
  const rows = await tx
    .select({ slug: events.slug })
    .from(events)
    .where(like(events.slug, `${slugStem(base)}%`));
  return firstFreeSlug(base, new Set(rows.map((r) => r.slug)), new Set());
}

/** `POST /admin/events`: the slug of its public page comes from its name and never changes after. */
export async function createEvent(admin: SessionUser, input: NewEventInput): Promise<AdminEvent> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('events.slug'))`);
    const slug = await freeEventSlug(tx, input.name);
    const [row] = await tx
      .insert(events)
      .values({ ...input, slug })
      .returning();
    if (!row) throw new Error('The event was not saved');
    const after = viewOf(row);
    await recordAudit(
      {
        actorId: admin.id,
        action: 'admin-event-create',
        entity: 'event',
        entityId: String(row.id),
        before: null,
        after,
      },
      tx,
    );
    return after;
  });
}

/** `PATCH /admin/events/{id}`: only the fields sent change; ending before the start is 400. */
export async function changeEvent(
  admin: SessionUser,
  id: string,
  input: EventChangeInput,
): Promise<AdminEvent> {
  const eventId = intIdParam(id, 0);
  if (!eventId) throw notFound(M.eventNotFound);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(events).where(eq(events.id, eventId)).for('update');
    if (!row) throw notFound(M.eventNotFound);
    const next = { ...row, ...input };
    if (next.startDate && next.endDate && next.endDate < next.startDate) {
      throw badRequest(ADMIN_REQUEST_MESSAGES.eventDates, { endDate: [ADMIN_REQUEST_MESSAGES.eventDates] });
    }
    const [saved] = await tx.update(events).set(input).where(eq(events.id, eventId)).returning();
    if (!saved) throw notFound(M.eventNotFound);
    const after = viewOf(saved);
    await recordAudit(
      {
        actorId: admin.id,
        action: 'admin-event-update',
        entity: 'event',
        entityId: String(eventId),
        before: viewOf(row),
        after,
      },
      tx,
    );
    return after;
  });
}

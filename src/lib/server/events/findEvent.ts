import { eq } from 'drizzle-orm';
import type { EventLookup } from '~/lib/contracts/lookups';
import { EVENT_SLUG_PATTERN } from '~/lib/eventLinks';
import { getDb } from '~/lib/server/db';
import { events } from '~/lib/server/db/schema';

/** The event whose page is /event/{slug}, active or not, or null for none. */
export async function findEventBySlug(slug: string): Promise<EventLookup | null> {
  // Slugs are lower-case words joined by hyphens (admin/events.ts): anything else is not worth a query.
  if (!EVENT_SLUG_PATTERN.test(slug)) return null;
  const db = await getDb();
  const [row] = await db.select().from(events).where(eq(events.slug, slug)).limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    startDate: row.startDate?.toISOString() ?? null,
    endDate: row.endDate?.toISOString() ?? null,
    location: row.location,
  };
}

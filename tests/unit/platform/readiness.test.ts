import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '~/lib/server/db';
import { rowsOf } from '~/lib/server/db/rows';
import { checkMigrations } from '~/lib/server/platform/health';

// Issue 28, item 3: /api/v1/ready says ready only when every migration this build ships is applied.

describe('readiness: the migrations', () => {
  // The first open migrates and seeds the in-memory database.
  beforeAll(() => getDb(), 120_000);

  it('are ok on a migrated database, pending while the newest is missing, ok again once applied', async () => {
    const db = await getDb();
    expect(await checkMigrations()).toBe('ok');
    const [newest] = await rowsOf<{ hash: string; created_at: string }>(
      db,
      sql`select hash, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
    );
    if (!newest) throw new Error('no migration recorded');
    await db.execute(sql`delete from drizzle.__drizzle_migrations where created_at = ${newest.created_at}`);
    expect(await checkMigrations()).toBe('pending');
    await db.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${newest.hash}, ${newest.created_at})`,
    );
    expect(await checkMigrations()).toBe('ok');
  });
});

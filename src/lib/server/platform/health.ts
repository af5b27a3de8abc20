import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { getDb } from '~/lib/server/db';
import { rowsOf } from '~/lib/server/db/rows';
import { env } from './env';
import { log } from './log';

/** 'ok' when the database answers a query; 'unavailable' (and a log line) when it does not. */
export async function checkDatabase(): Promise<'ok' | 'unavailable'> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return 'ok';
  } catch (error) {
    log.error({ area: 'health', err: error }, 'Health check: database unavailable');
    return 'unavailable';
  }
}

/** When the newest migration this build ships was made (drizzle-kit's journal `when`, ms). */
async function newestMigrationStamp(): Promise<number> {
  const journal = JSON.parse(await readFile(join(env.migrationsDir, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * 'ok' when the database has every migration this build ships (Drizzle's migrator records each
 * one's journal stamp in drizzle.__drizzle_migrations), 'pending' when one is missing (another
 * process is still migrating, or the database is older than the code), 'unavailable' when the
 * database does not answer.
 */
export async function checkMigrations(): Promise<'ok' | 'pending' | 'unavailable'> {
  try {
    const db = await getDb();
    const [applied] = await rowsOf<{ newest: string | number | null }>(
      db,
      sql`select max(created_at) as newest from drizzle.__drizzle_migrations`,
    );
    return Number(applied?.newest ?? 0) >= (await newestMigrationStamp()) ? 'ok' : 'pending';
  } catch (error) {
    log.error({ area: 'health', err: error }, 'Readiness check: migrations unknown');
    return 'unavailable';
  }
}

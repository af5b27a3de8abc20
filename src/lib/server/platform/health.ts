import { sql } from 'drizzle-orm';
import { getDb } from '~/lib/server/db';

/** 'ok' when the database answers a query; 'unavailable' (and a log line) when it does not. */
export async function checkDatabase(): Promise<'ok' | 'unavailable'> {
  try {
    const db = await getDb();
    await db.execute(sql`select 1`);
    return 'ok';
  } catch (error) {
    console.error('Health check: database unavailable:', error);
    return 'unavailable';
  }
}

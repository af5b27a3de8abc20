import type { SQL } from 'drizzle-orm';
import type { DbOrTx } from './types';

/** The rows of a raw SQL statement, from either driver (PGlite and node-postgres both answer with `rows`). */
export async function rowsOf<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

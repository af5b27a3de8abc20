import { PGlite, type PGliteOptions } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

/**
 * The extensions our migrations create (pg_trgm: migration 0018), which PGlite ships but loads
 * only when asked. Every PGlite that opens the database loads them: an index using one cannot be
 * written without it.
 */
export const PGLITE_EXTENSIONS = { pg_trgm };

/** The embedded database: in memory without `dataDir`, else the PGlite data directory there. */
export function openPglite(
  dataDir?: string,
  options: Omit<PGliteOptions, 'dataDir' | 'extensions'> = {},
): PGlite {
  // One options object: `new PGlite(undefined, options)` would ignore the options.
  return new PGlite({ ...options, ...(dataDir ? { dataDir } : {}), extensions: PGLITE_EXTENSIONS });
}

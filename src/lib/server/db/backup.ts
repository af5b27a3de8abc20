// Backups of the database (npm run db:backup, db:restore; README "Backups"). PostgreSQL: pg_dump's
// custom format, taken while the servers run (pg_dump reads one consistent snapshot), restored
// with pg_restore. The embedded PGlite: its data directory as a tarball (PGlite's dumpDataDir),
// which needs the server stopped, since two processes must never open one PGlite directory.
// Files and secrets under DATA_DIR (uploads, the JWT key) are not in the database: copy DATA_DIR
// (or version the S3 bucket) alongside.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import pg from 'pg';
import { findPgBinDir } from './pgBinaries';
import { openPglite } from './pglite';

export type BackupTarget = { kind: 'postgres'; url: string } | { kind: 'pglite'; dir: string };

/** Why a backup or restore did not run: a message for the operator, with what to do. */
export class BackupError extends Error {
  override name = 'BackupError';
}

const PGLITE_SUFFIX = '.tar.gz';
const POSTGRES_SUFFIX = '.dump';

/** The database the server would open with this environment (DATABASE_URL, else PGlite under DATA_DIR). */
export function backupTargetOf(e: NodeJS.ProcessEnv): BackupTarget {
  const url = e.DATABASE_URL ?? '';
  if (url.startsWith('postgres://') || url.startsWith('postgresql://')) return { kind: 'postgres', url };
  if (url === 'memory://')
    throw new BackupError('DATABASE_URL=memory:// is an in-memory database: nothing to back up.');
  if (url !== '')
    throw new BackupError('DATABASE_URL must be postgres://… (or unset for PGlite under DATA_DIR).');
  return { kind: 'pglite', dir: resolve(e.DATA_DIR ?? './data', 'pglite') };
}

/** A new file name in `outDir`, e.g. letsema-postgres-2025-06-01T10-20-30Z.dump. */
export function backupFileName(target: BackupTarget, now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replace(/:/g, '-');
  return `letsema-${target.kind}-${stamp}${target.kind === 'postgres' ? POSTGRES_SUFFIX : PGLITE_SUFFIX}`;
}

/**
 * Writes a backup of `target` to `file` (its folder is created); returns the file's size in bytes.
 * `force` backs up a PGlite directory that looks in use: only when no server runs on it (it crashed).
 */
export async function backupDatabase(target: BackupTarget, file: string, force = false): Promise<number> {
  mkdirSync(resolve(file, '..'), { recursive: true });
  if (target.kind === 'postgres') {
    runPgTool('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`], target.url);
  } else {
    if (!force) refuseIfInUse(target.dir, 'back it up');
    if (!existsSync(join(target.dir, 'PG_VERSION')))
      throw new BackupError(`No PGlite database at ${target.dir} (check DATA_DIR).`);
    const db = openPglite(target.dir);
    try {
      // dumpDataDir() on a PGlite still starting never settles.
      await db.waitReady;
      const tarball = await db.dumpDataDir('gzip');
      writeFileSync(file, Buffer.from(await tarball.arrayBuffer()));
    } finally {
      await db.close();
    }
  }
  return readFileSync(file).byteLength;
}

/**
 * Loads a backup into `target`. Refuses a target that already holds a database unless `force`:
 * then PostgreSQL's objects are dropped and recreated from the backup, and a PGlite directory is
 * moved aside (kept as pglite.before-restore-…) rather than deleted.
 */
export async function restoreDatabase(target: BackupTarget, file: string, force = false): Promise<void> {
  if (!existsSync(file)) throw new BackupError(`No backup file at ${file}.`);
  const expected = target.kind === 'postgres' ? POSTGRES_SUFFIX : PGLITE_SUFFIX;
  if (!file.endsWith(expected))
    throw new BackupError(
      `${basename(file)} is not a ${target.kind === 'postgres' ? 'PostgreSQL (.dump)' : 'PGlite (.tar.gz)'} backup, ` +
        'and the configured database is that kind (DATABASE_URL decides).',
    );
  if (target.kind === 'postgres') {
    const tables = await countTables(target.url);
    if (tables > 0 && !force)
      throw new BackupError(
        `The database already has ${tables} tables. Restore into an empty database, or pass --force to replace its contents (stop the servers first).`,
      );
    const clean = tables > 0 ? ['--clean', '--if-exists'] : [];
    runPgTool(
      'pg_restore',
      [...clean, '--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
      target.url,
    );
    return;
  }
  if (!force) refuseIfInUse(target.dir, 'restore into it');
  if (existsSync(target.dir) && readdirSync(target.dir).length > 0) {
    if (!force)
      throw new BackupError(
        `${target.dir} already holds a database. Pass --force to move it aside (to ${basename(target.dir)}.before-restore-…) and restore.`,
      );
    renameSync(target.dir, `${target.dir}.before-restore-${Date.now()}`);
  }
  mkdirSync(target.dir, { recursive: true });
  const db = openPglite(target.dir, { loadDataDir: new Blob([readFileSync(file)]) });
  try {
    // Opening it unpacks the tarball; a query proves it is a working database.
    await db.query('select 1');
  } finally {
    await db.close();
  }
}

/**
 * A PGlite directory is open while its postmaster.pid exists (PGlite removes it on a clean close).
 * After a crash it stays behind: starting and stopping the server once clears it.
 */
function refuseIfInUse(dir: string, what: string): void {
  if (!existsSync(join(dir, 'postmaster.pid'))) return;
  throw new BackupError(
    `The PGlite database at ${dir} is in use (postmaster.pid is present). Stop the server, then ${what}. ` +
      'If no server is running (it crashed), pass --force.',
  );
}

async function countTables(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: string }>(
      "select count(*) as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return Number(rows[0]?.n ?? 0);
  } finally {
    await client.end();
  }
}

/** Where pg_dump and pg_restore are (pgBinaries.ts), or a clear error. */
export function findPgTool(tool: 'pg_dump' | 'pg_restore'): string {
  const found = findPgBinDir([tool]);
  if (!found)
    throw new BackupError(
      `${tool} was not found (PostgreSQL's client tools; e.g. apt install postgresql-client). Set PG_BINDIR to the folder holding it.`,
    );
  return join(found, tool);
}

/** Runs pg_dump or pg_restore on `url`; the password goes in the environment, not on the command line. */
function runPgTool(tool: 'pg_dump' | 'pg_restore', args: string[], url: string): void {
  const connection = new URL(url);
  const password = decodeURIComponent(connection.password);
  connection.password = '';
  const result = spawnSync(findPgTool(tool), [`--dbname=${connection.toString()}`, ...args], {
    encoding: 'utf8',
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  });
  if (result.status !== 0)
    throw new BackupError(
      `${tool} failed (exit ${result.status ?? result.signal}): ${(result.stderr || String(result.error ?? '')).trim()}`,
    );
}

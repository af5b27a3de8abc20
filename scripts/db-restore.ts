/**
 * `npm run db:restore -- FILE [--force]`: loads a backup made by db:backup into the configured
 * database (DATABASE_URL=postgres://…, else PGlite under DATA_DIR). Stop the servers first.
 * A database that already holds data is only replaced with --force.
 * Exit codes: 0 restored, 1 refused or failed (the message says why), 2 wrong usage.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backupTargetOf, restoreDatabase } from '../src/lib/server/db/backup';

const USAGE = `Usage: npm run db:restore -- FILE [--force]
  Restores a db:backup file (.dump for PostgreSQL, .tar.gz for PGlite) into DATABASE_URL or
  the PGlite database under DATA_DIR. Stop the servers first. --force replaces a database that
  already has data (PostgreSQL: dropped and recreated; PGlite: moved aside, not deleted), or a
  PGlite directory a crashed server left marked as in use.`;

let parsed: { values: { force?: boolean; help?: boolean }; positionals: string[] };
try {
  parsed = parseArgs({
    allowPositionals: true,
    options: { force: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
  });
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(USAGE);
  process.exit(0);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) {
  console.error(USAGE);
  process.exit(2);
}
try {
  const target = backupTargetOf(process.env);
  const started = performance.now();
  await restoreDatabase(target, resolve(file), parsed.values.force === true);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Restored ${file} into the ${target.kind} database (${seconds} s). Start the server to use it.`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}

/**
 * `npm run db:backup [-- --out DIR | --file PATH]`: backs up the configured database
 * (DATABASE_URL=postgres://… with pg_dump, else the PGlite database under DATA_DIR, which
 * needs the server stopped; --force when it crashed) to ./backups/letsema-<kind>-<time>.<dump|tar.gz> by default.
 * Exit codes: 0 written, 1 refused or failed (the message says why), 2 wrong usage.
 */
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, backupDatabase, backupFileName, backupTargetOf } from '../src/lib/server/db/backup';

const USAGE = `Usage: npm run db:backup [-- --out DIR | --file PATH] [--force]
  Backs up DATABASE_URL (postgres://…, while the servers run) or the PGlite database
  under DATA_DIR (stop the server first). Default: ./backups/letsema-<kind>-<time>.<dump|tar.gz>.
  --force backs up a PGlite database that looks in use, when no server runs on it (it crashed).
  Uploaded files and DATA_DIR's secrets are not in the database: copy DATA_DIR alongside.`;

let options: { out?: string; file?: string; force?: boolean; help?: boolean };
try {
  options = parseArgs({
    options: {
      out: { type: 'string' },
      file: { type: 'string' },
      force: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (error) {
  console.error(`${error instanceof Error ? error.message : error}\n${USAGE}`);
  process.exit(2);
}
if (options.help) {
  console.log(USAGE);
  process.exit(0);
}
try {
  const target = backupTargetOf(process.env);
  const file = resolve(options.file ?? join(options.out ?? 'backups', backupFileName(target)));
  const started = performance.now();
  const bytes = await backupDatabase(target, file, options.force === true);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Backed up the ${target.kind} database to ${file} (${(bytes / 1024).toFixed(0)} KB, ${seconds} s).`,
  );
} catch (error) {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
}

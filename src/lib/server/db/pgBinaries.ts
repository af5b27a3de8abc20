import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The folder holding all of PostgreSQL's `tools` (e.g. initdb and pg_ctl, or pg_dump): PG_BINDIR,
 * else the newest /usr/lib/postgresql/N/bin (Debian keeps them off PATH), else PATH; null when none
 * has them. Plain Node (no path aliases), so the test and bench scripts import it as it is.
 */
export function findPgBinDir(tools: readonly string[]): string | null {
  const candidates: string[] = [];
  if (process.env.PG_BINDIR) candidates.push(process.env.PG_BINDIR);
  const debianRoot = '/usr/lib/postgresql';
  if (existsSync(debianRoot)) {
    const versions = readdirSync(debianRoot)
      .filter((v) => /^\d+(\.\d+)?$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) candidates.push(join(debianRoot, version, 'bin'));
  }
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir) candidates.push(dir);
  return candidates.find((dir) => tools.every((tool) => existsSync(join(dir, tool)))) ?? null;
}

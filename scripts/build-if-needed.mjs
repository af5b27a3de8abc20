// Builds dist/ when it is missing or older than the sources, so `npm start` on a
// fresh clone (or after a pull) serves the current code without a manual build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const BUILD_DIR = process.env.BUILD_DIR || 'dist';
const STAMP = `${BUILD_DIR}/.build-stamp`;
const INPUTS = [
  'src',
  'server',
  'public',
  'astro.config.mjs',
  'uno.config.ts',
  'tsconfig.json',
  'package-lock.json',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce(
    (newest, name) => Math.max(newest, newestMtime(join(path, name))),
    stat.mtimeMs,
  );
}

/** What the build depends on: source times plus the build-time settings (Sentry is compiled in or not). */
export function buildFingerprint() {
  const times = INPUTS.map(newestMtime).join(',');
  return createHash('sha256')
    .update(`${times}|sentry=${process.env.SENTRY_DSN ?? ''}`)
    .digest('hex');
}

export function buildIfNeeded() {
  const fingerprint = buildFingerprint();
  const current = existsSync(STAMP) ? readFileSync(STAMP, 'utf8') : '';
  if (current === fingerprint && existsSync(`${BUILD_DIR}/server/entry.mjs`)) return false;
  console.log('Building the site (first start or sources changed)…');
  const result = spawnSync(process.execPath, ['node_modules/astro/bin/astro.mjs', 'build'], {
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`astro build failed with exit code ${result.status}`);
  writeFileSync(STAMP, fingerprint);
  return true;
}

if (import.meta.url === `file://${process.argv[1]}`) buildIfNeeded();

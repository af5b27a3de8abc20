// `npm test`: every test, in order, stopping at the first failure:
//   lint and typecheck → unit → astro build → API on in-memory PGlite → API on PostgreSQL
//   → e2e in Chromium.
// `node scripts/test.mjs unit|api|e2e` runs one part (api and e2e build first when
// the sources changed). Arguments after `--` go to the runner (vitest or playwright),
// e.g. `npm run test:api -- -- tests/api/lookups.test.ts` (npm takes the first `--`).
// The last line is `N passed, N failed` (all parts), which CI reads.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { findPostgresBinDir, startPostgres } from './test-support/postgres.mjs';
import { startS3 } from './test-support/s3.mjs';
import { nodeBinary, ROOT, startServer, TEST_DEMO_PASSWORD, tailOf } from './test-support/server.mjs';

process.chdir(ROOT);
const NODE = nodeBinary();
const RESULTS = join(ROOT, 'test-results');
const CI = process.env.CI === 'true' || process.env.CI === '1';

const argv = process.argv.slice(2);
const dashDash = argv.indexOf('--');
const runnerArgs = dashDash === -1 ? [] : argv.slice(dashDash + 1);
const ownArgs = dashDash === -1 ? argv : argv.slice(0, dashDash);
const known = new Set(['unit', 'api', 'e2e']);
const unknown = ownArgs.filter((a) => !known.has(a));
if (unknown.length > 0) {
  console.error(
    `Unknown argument(s): ${unknown.join(' ')}. Use: node scripts/test.mjs [unit] [api] [e2e] [-- runner args]`,
  );
  process.exit(2);
}
const only = new Set(ownArgs);
const wants = (part) => only.size === 0 || only.has(part);
if (runnerArgs.length > 0 && only.size !== 1) {
  console.error('Arguments after `--` need exactly one part (unit, api or e2e).');
  process.exit(2);
}

/** @type {{ name: string, status: 'passed' | 'failed' | 'skipped' | 'not run', passed: number, failed: number, seconds: number, note?: string }[]} */
const parts = [];
/** Cleanups for whatever is running (servers, PostgreSQL); each runs once. */
const cleanups = new Set();
/** @type {import('node:child_process').ChildProcess | null} */
let currentChild = null;
const started = performance.now();

function runCleanups() {
  for (const cleanup of [...cleanups].reverse()) {
    cleanups.delete(cleanup);
    try {
      cleanup();
    } catch (error) {
      console.error(String(error));
    }
  }
}
process.on('exit', runCleanups);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, async () => {
    console.error(`\nInterrupted (${signal}): stopping the runner, servers and PostgreSQL.`);
    const child = currentChild;
    if (child && child.exitCode === null) {
      // SIGINT lets vitest and Playwright run their teardown (which stops the API server).
      child.kill('SIGINT');
      const gone = new Promise((r) => child.once('exit', r));
      await Promise.race([gone, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    runCleanups();
    process.exit(130);
  });
}

function banner(title) {
  console.log(`\n━━━ ${title} ${'━'.repeat(Math.max(0, 70 - title.length))}`);
}

/** Runs a command with inherited output; resolves to its exit code. */
function run(args, env = {}) {
  return new Promise((resolveRun) => {
    const child = spawn(NODE, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    currentChild = child;
    child.on('exit', (code, signal) => {
      currentChild = null;
      resolveRun(code ?? (signal ? 1 : 0));
    });
    child.on('error', (error) => {
      console.error(String(error));
      currentChild = null;
      resolveRun(1);
    });
  });
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Counts from vitest's JSON report; a failing run never reports 0 failures. */
function vitestCounts(file, exitCode) {
  const report = readJson(file);
  const passed = report?.numPassedTests ?? 0;
  let failed = report?.numFailedTests ?? 0;
  if (exitCode !== 0 && failed === 0) failed = Math.max(1, report?.numFailedTestSuites ?? 0);
  return { passed, failed };
}

/** Counts from Playwright's JSON report (flaky = passed on retry). */
function playwrightCounts(file, exitCode) {
  const stats = readJson(file)?.stats;
  const passed = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  let failed = stats?.unexpected ?? 0;
  if (exitCode !== 0 && failed === 0) failed = 1;
  return { passed, failed };
}

async function timed(name, body) {
  banner(name);
  const t0 = performance.now();
  let result;
  try {
    result = await body();
  } catch (error) {
    console.error(`\n${name}: ${error instanceof Error ? error.message : error}`);
    result = { passed: 0, failed: 1, note: 'could not run (see above)' };
  }
  const part = {
    name,
    status: result.skipped ? 'skipped' : result.failed > 0 ? 'failed' : 'passed',
    passed: result.passed ?? 0,
    failed: result.failed ?? 0,
    seconds: (performance.now() - t0) / 1000,
    note: result.note,
  };
  parts.push(part);
  return part.status !== 'failed';
}

const VITEST = 'node_modules/vitest/vitest.mjs';

async function vitest(project, reportName, env = {}) {
  const report = join(RESULTS, `${reportName}.json`);
  rmSync(report, { force: true });
  const code = await run(
    [
      VITEST,
      'run',
      '--project',
      project,
      '--passWithNoTests',
      '--reporter=default',
      '--reporter=json',
      `--outputFile.json=${report}`,
      ...runnerArgs,
    ],
    env,
  );
  return vitestCounts(report, code);
}

/** `npm run lint` and `npm run typecheck`: part of done, so the full run checks them first. */
async function staticChecks() {
  const lint = await run(['node_modules/@biomejs/biome/bin/biome', 'check', '.']);
  const types = await run(['node_modules/astro/bin/astro.mjs', 'check', '--minimumSeverity', 'warning']);
  const failed = (lint === 0 ? 0 : 1) + (types === 0 ? 0 : 1);
  return { passed: 0, failed, note: failed ? 'lint or typecheck reported problems (see above)' : undefined };
}

async function unit() {
  return vitest('unit', 'unit');
}

async function build() {
  if (only.size > 0) {
    // A single part reuses dist/ when the sources have not changed since it was built.
    const { buildIfNeeded } = await import('./build-if-needed.mjs');
    const built = buildIfNeeded();
    return { passed: 0, failed: 0, note: built ? 'built' : 'dist/ up to date' };
  }
  const code = await run(['node_modules/astro/bin/astro.mjs', 'build']);
  if (code !== 0) return { passed: 0, failed: 1, note: `astro build exited with ${code}` };
  // Record the build so `npm start` afterwards does not build again.
  const { buildFingerprint } = await import('./build-if-needed.mjs').catch(() => ({}));
  if (typeof buildFingerprint === 'function')
    writeFileSync(`${process.env.BUILD_DIR || 'dist'}/.build-stamp`, buildFingerprint());
  return { passed: 0, failed: 0 };
}

/** No S3_* setting: the server keeps files on local disk, as it does by default. */
const LOCAL_DISK = {
  S3_ENDPOINT: '',
  S3_BUCKET: '',
  S3_ACCESS_KEY_ID: '',
  S3_SECRET_ACCESS_KEY: '',
};

async function apiOnPglite() {
  return vitest('api', 'api-pglite', {
    ...LOCAL_DISK,
    TEST_DATABASE_URL: '',
    TEST_SERVER_LOG: join(RESULTS, 'api-server-pglite.log'),
  });
}

/**
 * The PostgreSQL pass is the deployed shape: files go to an S3-compatible bucket (s3rver in
 * this process), so uploads, image variants and private documents run through object storage.
 */
async function apiOnPostgres() {
  const s3 = await startS3();
  // An interrupted run leaves no bucket directory behind (the store itself ends with this process).
  const stopS3 = () => rmSync(s3.directory, { recursive: true, force: true });
  cleanups.add(stopS3);
  console.log(`Object storage: s3rver at ${s3.endpoint}, bucket ${s3.bucket}`);
  try {
    return await apiOnPostgresWith({ ...s3.env, TEST_SERVER_LOG: join(RESULTS, 'api-server-postgres.log') });
  } finally {
    cleanups.delete(stopS3);
    await s3.stop();
  }
}

async function apiOnPostgresWith(env) {
  if (process.env.TEST_DATABASE_URL) {
    console.log(
      'Using the PostgreSQL server at TEST_DATABASE_URL (a scratch database is created and dropped).',
    );
    return vitest('api', 'api-postgres', env);
  }
  const binDir = findPostgresBinDir();
  if (!binDir) {
    const how =
      'no PostgreSQL binaries (initdb, pg_ctl) found; install postgresql or set PG_BINDIR or TEST_DATABASE_URL';
    if (CI) return { passed: 0, failed: 1, note: `REQUIRED in CI: ${how}` };
    console.log(`Skipped: ${how}.`);
    return { skipped: true, passed: 0, failed: 0, note: how };
  }
  console.log(`Starting a throwaway PostgreSQL server (${binDir})…`);
  const pg = await startPostgres(binDir);
  cleanups.add(pg.stop);
  try {
    console.log(`PostgreSQL is up at ${pg.url}`);
    return await vitest('api', 'api-postgres', { ...env, TEST_DATABASE_URL: pg.url });
  } finally {
    cleanups.delete(pg.stop);
    pg.stop();
  }
}

async function e2e() {
  const logFile = join(RESULTS, 'e2e-server.log');
  // A fresh DATA_DIR with the embedded PGlite on disk, as `npm start` runs it.
  const server = await startServer({ databaseUrl: '', logFile });
  const stopServer = () => {
    void server.stop();
  };
  cleanups.add(stopServer);
  try {
    if (server.health?.status !== 200) {
      console.warn(`GET /api/v1/health answered ${server.health?.status}: ${server.health?.body}`);
    }
    console.log(`e2e server: ${server.baseUrl} (log: ${logFile})`);
    const report = join(RESULTS, 'e2e.json');
    rmSync(report, { force: true });
    const code = await run(['node_modules/@playwright/test/cli.js', 'test', ...runnerArgs], {
      E2E_BASE_URL: server.baseUrl,
      DEMO_PASSWORD: TEST_DEMO_PASSWORD,
      PLAYWRIGHT_JSON_OUTPUT_FILE: report,
    });
    return playwrightCounts(report, code);
  } finally {
    cleanups.delete(stopServer);
    await server.stop();
  }
}

mkdirSync(RESULTS, { recursive: true });
const SERVER_LOGS = ['api-server-pglite.log', 'api-server-postgres.log', 'e2e-server.log'];
for (const log of SERVER_LOGS) rmSync(join(RESULTS, log), { force: true });
const plan = [];
if (only.size === 0) plan.push(['lint and typecheck', staticChecks]);
if (wants('unit')) plan.push(['unit tests', unit]);
if (wants('api') || wants('e2e')) plan.push(['build', build]);
if (wants('api')) plan.push(['API on in-memory PGlite', apiOnPglite], ['API on PostgreSQL', apiOnPostgres]);
if (wants('e2e')) plan.push(['e2e in Chromium', e2e]);

for (const [name, body] of plan) {
  if (parts.some((p) => p.status === 'failed')) {
    parts.push({ name, status: 'not run', passed: 0, failed: 0, seconds: 0, note: 'an earlier part failed' });
    continue;
  }
  await timed(name, body);
}

banner('Summary');
for (const p of parts) {
  const counts =
    p.name === 'build' || p.status === 'skipped' || p.status === 'not run'
      ? ''
      : `  (${p.passed} ok / ${p.failed} bad)`;
  const note = p.note ? `  — ${p.note}` : '';
  console.log(
    `  ${p.status.toUpperCase().padEnd(8)} ${p.name.padEnd(26)} ${p.seconds.toFixed(1).padStart(6)} s${counts}${note}`,
  );
}
for (const log of SERVER_LOGS) {
  const file = join(RESULTS, log);
  if (parts.some((p) => p.status === 'failed') && existsSync(file)) {
    console.log(`\nLast lines of test-results/${log}:\n${tailOf(file, 15)}`);
  }
}
const total = ((performance.now() - started) / 1000).toFixed(1);
console.log(`\nTotal time ${total} s`);
const passed = parts.reduce((n, p) => n + p.passed, 0);
const failed = parts.reduce((n, p) => n + p.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;

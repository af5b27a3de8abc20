// Search on PostgreSQL: p50 and p95 over HTTP of every kind of search /find-campaign makes
// (bench/lib/searches.mjs), each PASS or FAIL against issue 28's 50 ms, and the service's own
// timings with the EXPLAIN plans of its statements from scripts/search-at-scale.ts (written with the
// scale seed), so the report shows which indexes the searches use.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { nodeBinary, ROOT } from '../../scripts/test-support/server.mjs';
import { rawGet } from './http.mjs';
import { SEARCH_P95_TARGET_MS, SEARCHES, searchPath } from './searches.mjs';

const SEARCH_SCRIPT = join(ROOT, 'scripts/search-at-scale.ts');
/** The service timings and plans get this long; a search that slow is a finding in itself. */
const PLANS_TIMEOUT_MS = 240_000;
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** A search slower than this is timed twice more rather than `runs` times, so the bench ends in time. */
const SLOW_MS = 3_000;
/** Longer than this counts as timed out (the p95 then reads "> 30 s"). */
const TIMEOUT_MS = 30_000;

/** One search on a URL no cache has seen (a `_` parameter the API ignores): its ms, or null when it timed out. */
async function timeSearch(baseUrl, path, i) {
  const started = performance.now();
  try {
    const url = `${baseUrl}${path}${path.endsWith('?') ? '' : '&'}_=${Date.now()}-${i}`;
    const answer = await rawGet(url, { timeoutMs: TIMEOUT_MS });
    if (answer.status !== 200) throw new Error(`search ${path} answered ${answer.status}`);
  } catch (error) {
    if (error instanceof Error && error.name === 'AbortError') return null;
    throw error;
  }
  return performance.now() - started;
}

/**
 * Each search `runs` times after a warm-up, one at a time, so the figure is the search's and not
 * the page cache's; each row says whether its p95 is within SEARCH_P95_TARGET_MS (and prints so).
 * @returns {Promise<{ label: string, path: string, runs: number, p50: number | null, p95: number | null, pass: boolean }[]>}
 *   null: the search took longer than TIMEOUT_MS
 */
export async function searchLatencies(baseUrl, runs = 20) {
  const rows = [];
  for (const search of SEARCHES) {
    const path = searchPath(search);
    const row = await timeOne(baseUrl, path, runs);
    const pass = row.p95 !== null && row.p95 <= SEARCH_P95_TARGET_MS;
    rows.push({ label: search.label, path, ...row, pass });
    const ms = (value) => (value === null ? '> 30 000' : value.toFixed(1));
    console.log(
      `  ${pass ? 'PASS' : 'FAIL'}  p50 ${ms(row.p50).padStart(8)} ms  p95 ${ms(row.p95).padStart(8)} ms  ${search.label}`,
    );
  }
  return rows;
}

async function timeOne(baseUrl, path, runs) {
  const warm = await timeSearch(baseUrl, path, 0);
  if (warm === null) return { runs: 1, p50: null, p95: null };
  const times = [];
  const wanted = warm > SLOW_MS ? 2 : runs;
  for (let i = 1; i <= wanted; i++) times.push(await timeSearch(baseUrl, path, i));
  if (times.includes(null)) return { runs: times.length, p50: null, p95: null };
  times.sort((a, b) => a - b);
  return { runs: times.length, p50: percentile(times, 50), p95: percentile(times, 95) };
}

/** Runs a child process to its end (killed after `timeoutMs`); resolves its stdout, rejects with its stderr. */
function capture(command, args, env, timeoutMs) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env }, timeout: timeoutMs });
    const kill = () => child.kill('SIGKILL');
    process.once('exit', kill);
    child.on('exit', () => process.removeListener('exit', kill));
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`exit ${code}: ${err.trim().slice(-2000)}`)),
    );
  });
}

/**
 * The scale helper's search measurement (scripts/search-at-scale.ts --json=FILE) on `databaseUrl`:
 * service p50/p95 per search and EXPLAIN (ANALYZE, BUFFERS) of each search's statements.
 * When that script is not there, the EXPLAIN of a text search's count, written here by hand.
 */
export async function searchPlans(databaseUrl, runs = 5) {
  if (!existsSync(SEARCH_SCRIPT)) return { source: 'bench (by hand)', ...(await explainByHand(databaseUrl)) };
  const dataDir = mkdtempSync(join(tmpdir(), 'letsema-bench-search-'));
  // Into a file: the script's stdout also carries the server code's log lines.
  const jsonFile = join(dataDir, 'search-at-scale.json');
  try {
    await capture(
      nodeBinary(),
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), SEARCH_SCRIPT, `--json=${jsonFile}`],
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        APP_ENV: 'production',
        BACKGROUND_JOBS: 'false',
        SEARCH_RUNS: String(runs),
      },
      PLANS_TIMEOUT_MS,
    );
    return { source: 'scripts/search-at-scale.ts', ...JSON.parse(readFileSync(jsonFile, 'utf8')) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Fallback: EXPLAIN ANALYZE of the count a text search runs (src/lib/server/campaigns/search.ts; status 1 = Hidden, visibility 1 = Public). */
async function explainByHand(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const plan = await client.query(
      `explain (analyze, buffers) select count(*) from campaigns
       where published and status <> 1 and visibility = 1
         and to_tsvector('simple', name || ' ' || story) @@ to_tsquery('simple', $1)`,
      ['school:*'],
    );
    return { plans: { 'text "school"': { count: plan.rows.map((r) => r['QUERY PLAN']) } } };
  } finally {
    await client.end();
  }
}

// Lookups of a few rows, read whole whatever the data's size: their scans say nothing about scale.
const SMALL_TABLES = /\bon (campaign_categories|currencies|stored_files)\b/;

/**
 * The plan lines that say how the tables that grow are read (index or sequential scan), shortened:
 * no cost estimates, and `actual time=a..b rows=r loops=l` as `rows=r loops=l b ms`. Once each.
 */
export function accessPaths(plan) {
  const lines = plan
    .map((line) => line.trim().replace(/^->\s*/, ''))
    .filter((line) => /Scan/.test(line) && !SMALL_TABLES.test(line))
    .map((line) =>
      line
        .replace(/\s*\(cost=[^)]*\)/, '')
        .replace(/\(actual time=[\d.]+\.\.([\d.]+) rows=(\d+) loops=(\d+)\)/, '(rows=$2 loops=$3, $1 ms)'),
    );
  return [...new Set(lines)];
}

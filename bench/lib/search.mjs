// Search on PostgreSQL: p95 of GET /api/v1/campaigns/filter-campaigns/ over HTTP, and the service's
// own timings with the EXPLAIN plans of its statements from scripts/search-at-scale.ts (written with
// the scale seed), so the report shows which indexes the searches use.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { nodeBinary, ROOT } from '../../scripts/test-support/server.mjs';
import { rawGet } from './http.mjs';
import { SEARCH_QUERIES } from './routes.mjs';

const SEARCH_SCRIPT = join(ROOT, 'scripts/search-at-scale.ts');
const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/**
 * Each query `runs` times, one at a time, on a URL no cache has seen (a `_` parameter the API
 * ignores), so the figure is the search's, not the page cache's.
 * @returns {Promise<{ query: string, p50: number, p95: number }[]>}
 */
export async function searchLatencies(baseUrl, runs = 20) {
  const rows = [];
  for (const query of SEARCH_QUERIES) {
    const times = [];
    for (let i = 0; i <= runs; i++) {
      const started = performance.now();
      const answer = await rawGet(
        `${baseUrl}/api/v1/campaigns/filter-campaigns/?${query}&_=${Date.now()}-${i}`,
      );
      if (answer.status !== 200) throw new Error(`search ${query} answered ${answer.status}`);
      if (i > 0) times.push(performance.now() - started); // the first run warms up
    }
    times.sort((a, b) => a - b);
    rows.push({ query, p50: percentile(times, 50), p95: percentile(times, 95) });
  }
  return rows;
}

/** Runs a child process to its end; resolves its stdout, rejects with its stderr. */
function capture(command, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, ...env } });
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
 * The scale helper's search measurement (scripts/search-at-scale.ts --json) on `databaseUrl`:
 * service p50/p95 per typical search and EXPLAIN (ANALYZE, BUFFERS) of each campaign search.
 * When that script is not there, the EXPLAIN of a text search's count, written here by hand.
 */
export async function searchPlans(databaseUrl) {
  if (!existsSync(SEARCH_SCRIPT)) return { source: 'bench (by hand)', ...(await explainByHand(databaseUrl)) };
  const dataDir = mkdtempSync(join(tmpdir(), 'letsema-bench-search-'));
  try {
    const json = await capture(
      nodeBinary(),
      [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), SEARCH_SCRIPT, '--json'],
      {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        APP_ENV: 'production',
        BACKGROUND_JOBS: 'false',
        SEARCH_RUNS: '20',
      },
    );
    return { source: 'scripts/search-at-scale.ts', ...JSON.parse(json.slice(json.indexOf('{'))) };
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
    return { plans: { 'text "school" (count)': { count: plan.rows.map((r) => r['QUERY PLAN']), page: [] } } };
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

/**
 * Search at scale: the typical /find-campaign and organisation searches, timed through the real
 * services on the database DATABASE_URL names (PostgreSQL, loaded by `npm run db:seed:scale`),
 * with the EXPLAIN (ANALYZE, BUFFERS) plan of each campaign search's two statements.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/search-at-scale.ts          a table on stdout
 *   DATABASE_URL=postgres://… npx tsx scripts/search-at-scale.ts --json   the same as JSON (for bench/)
 *
 * Or import measureSearchAtScale() from a script run by tsx.
 */
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import * as v from 'valibot';
import { campaignSearchSchema } from '../src/lib/schemas/campaignSearch';
import { organisationSearchSchema } from '../src/lib/schemas/organisationSearch';
import { campaignSearchStatements, searchCampaigns } from '../src/lib/server/campaigns/search';
import { closeDb, getDb } from '../src/lib/server/db';
import { searchOrganisations } from '../src/lib/server/organisations/search';
import { env } from '../src/lib/server/platform/env';

/** Query parameters as /find-campaign and the API take them. */
const CAMPAIGN_SEARCHES: Record<string, Record<string, unknown>> = {
  'newest, page 1': {},
  'newest, page 5': { pageNo: 5 },
  'text "school"': { searchText: 'school' },
  'text "borehole kalahari"': { searchText: 'borehole kalahari' },
  'text prefix "wheel"': { searchText: 'wheel' },
  'category Education': { campaignCategoryIds: '5' },
  'province "Gauteng"': { address: 'Gauteng' },
  'town "Soweto", page 2': { address: 'Soweto', pageNo: 2 },
  'most raised, page 1': { orderBy: 'mostRaised' },
  'most raised, page 3': { orderBy: 'mostRaised', pageNo: 3 },
  'ending soon': { orderBy: 'endingSoon' },
  oldest: { orderBy: 'oldest' },
  'text + category + province': { searchText: 'help', campaignCategoryIds: '2', address: 'KwaZulu-Natal' },
};

const ORGANISATION_SEARCHES: Record<string, Record<string, unknown>> = {
  'organisations, newest': {},
  'organisations, text "hope"': { searchText: 'hope' },
  'organisations, most raised': { orderBy: 'mostRaised' },
};

export interface SearchTiming {
  name: string;
  p50Ms: number;
  p95Ms: number;
  totalCount: number;
}

export interface SearchAtScale {
  runs: number;
  campaigns: SearchTiming[];
  organisations: SearchTiming[];
  /** Per campaign search: the EXPLAIN (ANALYZE, BUFFERS) lines of its count and of its page query. */
  plans: Record<string, { count: string[]; page: string[] }>;
}

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function time(
  name: string,
  runs: number,
  search: () => Promise<{ paginationMetadata: { totalCount: number } }>,
): Promise<SearchTiming> {
  let totalCount = (await search()).paginationMetadata.totalCount; // warm the cache and the plan
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    totalCount = (await search()).paginationMetadata.totalCount;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number): number => Math.round(ms * 10) / 10;
  return { name, p50Ms: round(percentile(times, 50)), p95Ms: round(percentile(times, 95)), totalCount };
}

async function explain(client: pg.Client, query: { toSQL(): { sql: string; params: unknown[] } }) {
  const { sql, params } = query.toSQL();
  const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
  return result.rows.map((row) => row['QUERY PLAN']);
}

/** Times every search `runs` times (after one warm-up) and explains the campaign searches. */
export async function measureSearchAtScale(runs = 20): Promise<SearchAtScale> {
  if (!/^postgres(ql)?:\/\//.test(env.databaseUrl)) {
    throw new Error('Search at scale is measured on PostgreSQL: set DATABASE_URL=postgres://…');
  }
  const db = await getDb();
  const client = new pg.Client({ connectionString: env.databaseUrl });
  await client.connect();
  try {
    const result: SearchAtScale = { runs, campaigns: [], organisations: [], plans: {} };
    for (const [name, params] of Object.entries(CAMPAIGN_SEARCHES)) {
      const input = v.parse(campaignSearchSchema, params);
      result.campaigns.push(await time(name, runs, () => searchCampaigns(input)));
      const statements = campaignSearchStatements(input, db);
      result.plans[name] = {
        count: await explain(client, statements.count),
        page: await explain(client, statements.page),
      };
    }
    for (const [name, params] of Object.entries(ORGANISATION_SEARCHES)) {
      const input = v.parse(organisationSearchSchema, params);
      result.organisations.push(await time(name, runs, () => searchOrganisations(input)));
    }
    return result;
  } finally {
    await client.end();
  }
}

/** The plan lines that say how rows are found (scans, joins), without timings of every node. */
export function accessPaths(plan: string[]): string[] {
  return plan
    .map((line) => line.trim().replace(/^->\s*/, ''))
    .filter((line) => /Scan|Join|Nested Loop|Sort|Limit|Aggregate/.test(line));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureSearchAtScale(Number(process.env.SEARCH_RUNS ?? 20));
  await closeDb();
  if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    console.log(
      `search (${result.runs} runs)`.padEnd(36),
      'p50 ms'.padStart(8),
      'p95 ms'.padStart(8),
      '  found',
    );
    for (const t of [...result.campaigns, ...result.organisations]) {
      console.log(
        t.name.padEnd(36),
        String(t.p50Ms).padStart(8),
        String(t.p95Ms).padStart(8),
        ` ${t.totalCount}`,
      );
    }
    if (process.argv.includes('--plans')) {
      for (const [name, plan] of Object.entries(result.plans)) {
        console.log(`\n## ${name}\ncount:\n  ${plan.count.join('\n  ')}\npage:\n  ${plan.page.join('\n  ')}`);
      }
    }
  }
}

/**
 * Search at scale: every kind of search /find-campaign makes (bench/lib/searches.mjs), timed
 * through the real services on the database DATABASE_URL names (PostgreSQL, loaded by
 * `npm run db:seed:scale`), with the EXPLAIN (ANALYZE, BUFFERS) plan of each search's statements.
 *
 *   DATABASE_URL=postgres://… npx tsx scripts/search-at-scale.ts           a table on stdout
 *   DATABASE_URL=postgres://… npx tsx scripts/search-at-scale.ts --plans   and the plans
 *   DATABASE_URL=postgres://… npx tsx scripts/search-at-scale.ts --json    the same as JSON
 *   … --json=FILE                                                            the JSON into FILE (bench/: stdout also carries log lines)
 *
 * Or import measureSearchAtScale() from a script run by tsx.
 */
import { writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as v from 'valibot';
import { SEARCHES } from '../bench/lib/searches.mjs';
import { campaignSearchSchema, organisationSearchSchema, searchParamsInput } from '../src/lib/schemas/search';
import { campaignSearchStatements, searchCampaigns } from '../src/lib/server/campaigns/search';
import { closeDb, getDb } from '../src/lib/server/db';
import { organisationSearchStatements, searchOrganisations } from '../src/lib/server/organisations/search';
import { env } from '../src/lib/server/platform/env';

export interface SearchTiming {
  name: string;
  p50Ms: number;
  p95Ms: number;
  totalCount: number;
  /** The count stopped there: more than totalCount match. */
  moreThanTotalCount: boolean;
}

export interface SearchAtScale {
  runs: number;
  campaigns: SearchTiming[];
  organisations: SearchTiming[];
  /** Per search: the EXPLAIN (ANALYZE, BUFFERS) lines of each of its statements, by the statement's name. */
  plans: Record<string, Record<string, string[]>>;
}

type Page = { paginationMetadata: { totalCount: number; moreThanTotalCount?: true } };
type Statement = { toSQL(): { sql: string; params: unknown[] } } | SQL;

const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

async function time(name: string, runs: number, search: () => Promise<Page>): Promise<SearchTiming> {
  let { paginationMetadata: found } = await search(); // warm the cache and the plan
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    found = (await search()).paginationMetadata;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const round = (ms: number): number => Math.round(ms * 10) / 10;
  return {
    name,
    p50Ms: round(percentile(times, 50)),
    p95Ms: round(percentile(times, 95)),
    totalCount: found.totalCount,
    moreThanTotalCount: found.moreThanTotalCount === true,
  };
}

const dialect = new PgDialect({ casing: 'snake_case' });

async function explain(client: pg.Client, statement: Statement): Promise<string[]> {
  const { sql, params } = statement instanceof SQL ? dialect.sqlToQuery(statement) : statement.toSQL();
  const result = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params);
  return result.rows.map((row) => row['QUERY PLAN']);
}

/** Times every search `runs` times (after one warm-up) and explains its statements. */
export async function measureSearchAtScale(runs = 20): Promise<SearchAtScale> {
  if (!/^postgres(ql)?:\/\//.test(env.databaseUrl)) {
    throw new Error('Search at scale is measured on PostgreSQL: set DATABASE_URL=postgres://…');
  }
  const db = await getDb();
  const client = new pg.Client({ connectionString: env.databaseUrl });
  await client.connect();
  try {
    const result: SearchAtScale = { runs, campaigns: [], organisations: [], plans: {} };
    for (const { label, tab, query } of SEARCHES) {
      const params = searchParamsInput(new URLSearchParams(query));
      if (tab === 'campaigns') {
        const input = v.parse(campaignSearchSchema, params);
        result.campaigns.push(await time(label, runs, () => searchCampaigns(input)));
        const statements = await campaignSearchStatements(input, db);
        result.plans[label] = {
          'page and count': await explain(client, statements.page),
          cards: await explain(client, statements.cards),
        };
      } else {
        const input = v.parse(organisationSearchSchema, params);
        result.organisations.push(await time(label, runs, () => searchOrganisations(input)));
        const statements = organisationSearchStatements(input, db);
        result.plans[label] = {
          count: await explain(client, statements.count),
          cards: await explain(client, statements.page),
        };
      }
    }
    return result;
  } finally {
    await client.end();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await measureSearchAtScale(Number(process.env.SEARCH_RUNS ?? 20));
  await closeDb();
  const jsonFile = process.argv.find((arg) => arg.startsWith('--json='))?.slice('--json='.length);
  if (jsonFile) {
    writeFileSync(jsonFile, JSON.stringify(result));
  } else if (process.argv.includes('--json')) {
    console.log(JSON.stringify(result, null, 2));
  } else {
    console.log(
      `search (${result.runs} runs)`.padEnd(44),
      'p50 ms'.padStart(8),
      'p95 ms'.padStart(8),
      '  found',
    );
    for (const t of [...result.campaigns, ...result.organisations]) {
      console.log(
        t.name.padEnd(44),
        String(t.p50Ms).padStart(8),
        String(t.p95Ms).padStart(8),
        ` ${t.moreThanTotalCount ? 'more than ' : ''}${t.totalCount}`,
      );
    }
    if (process.argv.includes('--plans')) {
      for (const [name, plan] of Object.entries(result.plans)) {
        console.log(`\n## ${name}`);
        for (const [statement, lines] of Object.entries(plan))
          console.log(`${statement}:\n  ${lines.join('\n  ')}`);
      }
    }
  }
}

// `npm run bench`: issue 13's measurements of the production server on this machine, written to
// bench/RESULTS.md. Builds when the sources changed, then on the demo data:
//   1. PGlite: page weight in Chromium, Lighthouse, throughput;
//   2. PostgreSQL: throughput with 1 and with 2 server processes on one database;
//   3. PostgreSQL at scale (npm run db:seed:scale): throughput again, search p95 and EXPLAIN.
// Only 127.0.0.1 is ever loaded; every server, database and browser started is stopped at the end,
// also on failure or Ctrl-C. bench/README.md explains the figures and the options.
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { ROOT } from '../scripts/test-support/server.mjs';
import { insightsLatencies } from './lib/insights.mjs';
import { measureLighthouse } from './lib/lighthouse.mjs';
import { describeMachine } from './lib/machine.mjs';
import { options, USAGE } from './lib/options.mjs';
import { measurePageWeights } from './lib/pageWeight.mjs';
import { startPayfastGateway } from './lib/payfastGateway.mjs';
import { renderReport } from './lib/report.mjs';
import { LIGHTHOUSE_ROUTES } from './lib/routes.mjs';
import { scaleSeedAvailable, seedScale } from './lib/scale.mjs';
import { searchLatencies, searchPlans } from './lib/search.mjs';
import { onStop, startBenchPostgres, startBenchServer, stopAll, withCleanup } from './lib/servers.mjs';
import { measureThroughput } from './lib/throughput.mjs';

if (process.argv.includes('--help')) {
  console.log(USAGE);
  process.exit(0);
}

process.chdir(ROOT);
const started = performance.now();
const run = {
  machine: describeMachine(),
  built: options.build ? buildIfNeeded() : false,
  weight: null,
  lighthouse: null,
  throughput: { pglite: null, postgres1: null, postgres2: null, scale: null, notes: {} },
  scaleSeed: null,
  scaleSkipped: null,
  search: null,
  insights: null,
  failures: [],
};

/** Runs one part; a failure is reported (and makes the exit code non-zero) but the others still run. */
async function part(name, measure) {
  console.log(`\n${name}`);
  try {
    return await measure();
  } catch (error) {
    console.error(`  ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : error}`);
    run.failures.push(`${name}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
    return null;
  }
}

const gateway = await startPayfastGateway();
onStop(() => gateway.stop());
const { parts } = options;

try {
  if (parts.weight || parts.lighthouse || parts.pglite) {
    await part('PGlite', () =>
      withCleanup(async () => {
        const server = await startBenchServer({ databaseUrl: '', env: gateway.env });
        if (parts.weight)
          run.weight = await part('Page weight in Chromium', () => measurePageWeights(server.baseUrl));
        if (parts.lighthouse) {
          const routes = (options.lighthouseAll ? LIGHTHOUSE_ROUTES : LIGHTHOUSE_ROUTES.slice(0, 1)).filter(
            options.wantsPage,
          );
          run.lighthouse = await part('Lighthouse', () => measureLighthouse(server.baseUrl, routes));
        }
        if (parts.pglite)
          run.throughput.pglite = await part('Throughput, PGlite', () =>
            measureThroughput([server.baseUrl], gateway),
          );
      }),
    );
  }

  if (parts.postgres || parts.search) {
    await part('PostgreSQL', () =>
      withCleanup(async () => {
        const postgres = await startBenchPostgres();
        const first = await startBenchServer({ databaseUrl: postgres.url, env: gateway.env });
        if (parts.postgres) {
          run.throughput.postgres1 = await part('Throughput, PostgreSQL, 1 process', () =>
            measureThroughput([first.baseUrl], gateway),
          );
          run.throughput.postgres2 = await part('Throughput, PostgreSQL, 2 processes', () =>
            withCleanup(async () => {
              const second = await startBenchServer({ databaseUrl: postgres.url, env: gateway.env });
              return measureThroughput([first.baseUrl, second.baseUrl], gateway);
            }),
          );
        }
        if (!parts.search) {
          run.scaleSkipped =
            process.env.BENCH_SKIP_SCALE === '1' ? 'BENCH_SKIP_SCALE=1' : 'not asked for in this run';
        } else if (!scaleSeedAvailable()) {
          // SCALE HOOK: `npm run db:seed:scale` is not in package.json yet (bench/lib/scale.mjs).
          run.scaleSkipped = 'npm run db:seed:scale does not exist yet';
        } else {
          run.scaleSeed = await part('Scale data (npm run db:seed:scale)', () => seedScale(postgres.url));
          if (!run.scaleSeed) run.scaleSkipped = 'npm run db:seed:scale failed, see the failures above';
          else {
            if (parts.scale)
              run.throughput.scale = await part('Throughput, PostgreSQL at scale', () =>
                measureThroughput([first.baseUrl], gateway),
              );
            run.search = await part('Search on PostgreSQL at scale', async () => {
              const search = {
                http: await searchLatencies(first.baseUrl, options.quick ? 5 : 20),
                plans: null,
              };
              try {
                search.plans = await searchPlans(postgres.url, options.quick ? 2 : 3);
              } catch (error) {
                search.plansError = error instanceof Error ? error.message.split('\n')[0] : String(error);
              }
              return search;
            });
            if (parts.scale)
              run.insights = await part('Insights on PostgreSQL at scale', () =>
                insightsLatencies(first.baseUrl, postgres.url, options.quick ? 10 : 30),
              );
          }
        }
      }),
    );
  }
} finally {
  await stopAll();
}

run.elapsedS = (performance.now() - started) / 1000;
const report = renderReport(run);
if (options.out) {
  writeFileSync(resolve(ROOT, options.out), report);
  console.log(`\nWritten to ${options.out} (${run.elapsedS.toFixed(0)} s).`);
} else {
  console.log(`\n${report}`);
}
const errors = Object.values(run.throughput)
  .flat()
  .some((row) => row && typeof row === 'object' && row.errors > 0);
if (run.failures.length > 0 || errors) process.exitCode = 1;

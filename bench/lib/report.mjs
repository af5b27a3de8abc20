// bench/RESULTS.md: the run's figures as Markdown, with the machine, the commit, how to reproduce,
// and issue 13's targets marked met or missed.
import { BEFORE } from './before.mjs';
import { options } from './options.mjs';
import { accessPaths } from './search.mjs';
import { SEARCH_P95_TARGET_MS } from './searches.mjs';
import { checkIssue23Targets, checkIssue26Targets, checkIssue27Targets, checkTargets } from './targets.mjs';

const kb = (bytes) => (bytes === null || bytes === undefined ? '–' : `${(bytes / 1024).toFixed(1)}`);
const ms = (value) => (Number.isFinite(value) ? `${Math.round(value)}` : '–');
/** A Markdown table; the first `textColumns` columns are left-aligned, figures right-aligned. */
const table = (head, rows, textColumns = 1) =>
  [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i < textColumns ? '---' : '---:')).join('|')}|`]
    .concat(rows.map((r) => `| ${r.join(' | ')} |`))
    .join('\n');

function weightSection(rows) {
  if (!rows) return '_Not measured in this run._';
  return `${table(
    [
      'page',
      'HTML KB',
      'CSS KB',
      'JS KB',
      'JS files',
      'JS before load KB',
      'other KB',
      'requests',
      'JS after scrolling KB',
      'JS added by the donation form KB',
    ],
    rows.map((r) => [
      `${r.label} \`${r.path}\``,
      kb(r.html),
      kb(r.css),
      kb(r.js),
      r.jsFiles,
      kb(r.jsBeforeLoad),
      kb(r.other),
      r.requests,
      kb(r.jsAfterScroll),
      r.interactionJs === undefined
        ? ''
        : r.interactionJs === null
          ? 'no amount field found'
          : kb(r.interactionJs),
    ]),
  )}

Compressed body bytes as Chromium received them (DevTools \`encodedDataLength\` less the headers), cold cache,
a 412×823 phone viewport, counted once the page has loaded and gone idle (no request for 0.5 s after an idle
callback), before any interaction. "JS before load": scripts requested before the load event (the target wants
JavaScript only at idle). "JS after scrolling": the total once the page is scrolled to its end (islands that
hydrate when visible). "JS added by the donation form": requested after focusing the amount field and typing an
amount. The profile shell is opened signed in as the demo donor; signed out, it sends the visitor on to the login
page, and that row counts both pages.${rows.some((r) => r.uncompressed.length) ? `\n\nSent uncompressed (> 1 KB): ${[...new Set(rows.flatMap((r) => r.uncompressed))].join(', ')}` : ''}`;
}

function lighthouseSection(rows) {
  if (!rows) return '_Not measured in this run._';
  return `${table(
    ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP ms', 'TBT ms', 'CLS', 'JS KB'],
    rows.map((r) => [
      `${r.label} \`${r.path}\``,
      r.performance,
      r.accessibility,
      r.bestPractices,
      r.seo,
      ms(r.lcpMs),
      ms(r.tbtMs),
      r.cls.toFixed(3),
      kb(r.jsBytes),
    ]),
  )}

Lighthouse's default configuration (mobile: simulated slow 4G, 4× CPU slowdown), one run per page in a fresh
headless Chromium, after one earlier view of the page (as every visitor but the first finds it in the page cache).
"JS KB": the compressed scripts Lighthouse saw the page load (its resource summary). The profile shell is
measured signed in as the demo donor (the session stored in the browser first, as a returning donor has it).`;
}

function throughputTable(rows) {
  return table(
    [
      'endpoint',
      'req/s',
      'p50 ms',
      'p99 ms',
      'errors',
      'requests',
      'KB per answer',
      '% of static',
      'static yardstick (req/s)',
    ],
    rows.map((r) => [
      `${r.label} \`${r.path}\`${r.cached === false ? ' (not from the page cache)' : ''}`,
      r.rps.toFixed(0),
      r.p50,
      r.p99,
      r.errors,
      r.requests,
      r.bytesPerRequest ? kb(r.bytesPerRequest) : '–',
      r.ratio === undefined ? '' : `${(r.ratio * 100).toFixed(1)} %`,
      r.staticPath
        ? `\`${r.staticPath}\` ${r.staticRps.toFixed(0)}`
        : r.bookedAfterS !== undefined
          ? bookedNote(r)
          : '',
    ]),
  );
}

const bookedNote = (r) =>
  r.bookedAfterS === null
    ? 'total NOT complete a minute after the load'
    : `total complete ${r.bookedAfterS.toFixed(1)} s after the load`;

function throughputSection(results) {
  const parts = [
    ['PGlite (embedded), 1 process', results.pglite],
    ['PostgreSQL, 1 process', results.postgres1],
    ['PostgreSQL, 2 processes on one database', results.postgres2],
    ['PostgreSQL at scale (100 000 campaigns, 1 000 000 donations), 1 process', results.scale],
  ];
  return parts
    .map(
      ([title, rows]) =>
        `### ${title}\n\n${rows ? throughputTable(rows) : `_Not measured in this run${results.notes?.[title] ? `: ${results.notes[title]}` : ''}._`}`,
    )
    .join('\n\n');
}

function searchSection(search) {
  if (!search) return '_Not measured in this run._';
  const out = [];
  if (search.http) {
    const ms1 = (value) => (value === null ? '> 30 000 (timed out)' : value.toFixed(1));
    const worst = search.http.some((r) => r.p95 === null)
      ? 'more than 30 s (a search timed out)'
      : `${Math.max(...search.http.map((r) => r.p95)).toFixed(1)} ms`;
    const passed = search.http.filter((r) => r.pass).length;
    out.push(
      `Over HTTP, one request at a time, after one warm-up, each on a URL no cache has seen (a search slower than 3 s is timed twice); every kind of search /find-campaign makes (bench/lib/searches.mjs), each against issue 28's p95 ≤ ${SEARCH_P95_TARGET_MS} ms:\n\n${table(
        ['search', 'GET', 'runs', 'p50 ms', 'p95 ms', `p95 ≤ ${SEARCH_P95_TARGET_MS} ms`],
        search.http.map((r) => [
          r.label,
          `\`${r.path.replace(/^\/api\/v1/, '')}\``,
          r.runs,
          ms1(r.p50),
          ms1(r.p95),
          r.pass ? 'PASS' : '**FAIL**',
        ]),
        2,
      )}\n\n**Search p95 on PostgreSQL: ${worst}** (the slowest of these searches); ${passed} of ${search.http.length} within ${SEARCH_P95_TARGET_MS} ms.`,
    );
  }
  const plans = search.plans;
  if (plans?.campaigns) {
    const found = (t) => (t.moreThanTotalCount ? `more than ${t.totalCount}` : t.totalCount);
    out.push(
      `Through the service (${plans.source}, ${plans.runs} runs each):\n\n${table(
        ['search', 'p50 ms', 'p95 ms', 'found'],
        [...plans.campaigns, ...(plans.organisations ?? [])].map((t) => [t.name, t.p50Ms, t.p95Ms, found(t)]),
      )}`,
    );
  }
  if (plans?.plans) {
    const lines = Object.entries(plans.plans).map(
      ([name, statements]) =>
        `${name}\n${Object.entries(statements)
          .map(([statement, plan]) => `  ${statement}:\n    ${accessPaths(plan).join('\n    ')}`)
          .join('\n')}`,
    );
    out.push(
      `EXPLAIN (ANALYZE, BUFFERS), the lines that say how rows are found (${plans.source}):\n\n\`\`\`\n${lines.join('\n\n')}\n\`\`\``,
    );
  } else if (search.plansError) {
    out.push(`EXPLAIN: not available (${search.plansError}).`);
  }
  return out.join('\n\n');
}

/** Issue 26: the dashboard's latency at scale. */
function insightsSection(insights) {
  if (!insights) return '### Insights at scale\n\n_Not measured in this run._';
  const ms = (value) => value.toFixed(1);
  const row = (label, t) => [label, t.runs, ms(t.p50), ms(t.p95), ms(t.max)];
  return `### Insights at scale

${insights.donations} accepted donations in the database. The campaign with the most has ${insights.campaign.donations}; its dashboard reads ${insights.tallyRows} rows of \`campaign_insight_days\` (the ledger tallied per day and channel by triggers), not its donations. Over HTTP, one call at a time after three warm-ups, signed in as the demo admin, the whole life (the default range):

${table(
  ['call', 'runs', 'p50 ms', 'p95 ms', 'max ms'],
  [
    row('GET /campaigns/{id}/insights', insights.campaignTimes),
    ...(insights.organisationTimes
      ? [
          row(
            `GET /organizations/{id}/insights (${insights.organisation.donations} donations)`,
            insights.organisationTimes,
          ),
        ]
      : []),
  ],
)}`;
}

function targetsSection(run, check = checkTargets) {
  const rows = check(run);
  return `${table(
    ['target', 'page', 'measured', 'met?', 'reason when missed'],
    rows.map((r) => [
      r.target,
      r.page,
      r.measured,
      r.met === null ? 'not measured' : r.met ? 'met' : '**missed**',
      r.met === false ? r.reason || 'see the figures below' : '',
    ]),
    5,
  )}`;
}

/** The whole report. */
export function renderReport(run) {
  const m = run.machine;
  return `# Benchmark results

Produced by \`npm run bench\` (bench/run.mjs); every figure below comes from this one run.

- Date: ${m.date} (the run took ${(run.elapsedS / 60).toFixed(1)} min${run.built ? ', the build included' : ''})
- Machine: ${m.machine}
- Software: Node ${m.node}, ${m.chromium}, ${m.postgres}, ${m.tools}
- Code: commit ${m.commit} — ${m.commitSubject.length > 120 ? `${m.commitSubject.slice(0, 119)}…` : m.commitSubject}
- Server: \`node server/main.ts\`, production build, \`APP_ENV=production\`, demo data; load generator and
  browsers on the same machine, over 127.0.0.1 only
- Load: autocannon, ${options.connections} connections, ${options.warmupS} s warm-up then ${options.durationS} s per endpoint,
  \`accept-encoding: br, gzip\`${options.quick ? '\n- **Quick mode**: short loads, Lighthouse on one page, reduced scale data; not for comparison' : ''}${run.failures.length ? `\n- **Failures in this run**: ${run.failures.join('; ')}` : ''}

## How to reproduce

\`\`\`sh
npm install && npm run bench     # builds if needed, about 15 minutes on 2 cores
\`\`\`

Options: \`BENCH_DURATION\` / \`BENCH_WARMUP\` (seconds per endpoint), \`BENCH_CONNECTIONS\`, \`BENCH_SKIP_SCALE=1\`,
\`-- --no-build\`, \`-- --quick\`, \`-- --only=weight,lighthouse,pglite,postgres,scale,search\`, \`-- --out=FILE\`,
\`-- --pages=donation,profile\`;
\`CHROMIUM_PATH\` (default /usr/bin/chromium). See bench/README.md.

## Issue 13 targets

${targetsSection(run)}

## Issue 23 targets

${targetsSection(run, checkIssue23Targets)}

## Issue 26 targets

${targetsSection(run, checkIssue26Targets)}

## Issue 27 targets

${targetsSection(run, checkIssue27Targets)}

## Page weight (Chromium)

${weightSection(run.weight)}

${BEFORE}

## Lighthouse

${lighthouseSection(run.lighthouse)}

## Throughput

Pages are compared with a static asset of the same server in the same configuration: the built \`/_astro/*.js\`
whose brotli size is closest to the page's compressed HTML, asked for with \`accept-encoding: br, gzip\`.
With 2 processes, two autocannon instances run at once (8 connections each): req/s are added up, p50 and p99
are the slower process's. errors = socket errors + timeouts + non-2xx answers. "Donation + notification" is one
signed-in PayFast donation and its signed ITN per iteration, ${options.connections} loops at once; the ITN's
server confirmation goes to a stand-in for PayFast on loopback (bench/lib/payfastGateway.mjs), and the run waits
until the campaign total shows every gift.

${throughputSection(run.throughput)}

## Scale and search on PostgreSQL

${run.scaleSeed ? `Scale data: ${run.scaleSeed.campaigns} campaigns and ${run.scaleSeed.donations} donations added by \`npm run db:seed:scale\` in ${run.scaleSeed.seconds.toFixed(0)} s.` : `Scale data: not loaded (${run.scaleSkipped ?? 'skipped'}).`}

${searchSection(run.search)}

${insightsSection(run.insights)}
`;
}

// `npm run bench`: throughput and latency of the built server on this machine.
// Starts `node dist/server/entry.mjs` (building first when the sources changed)
// with a fresh DATA_DIR on loopback, warms it, then loads each endpoint in turn
// with autocannon for a fixed time. Prints a table and records it, with the
// machine it ran on, in bench/results/<date>.md. Only 127.0.0.1 is ever loaded.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, totalmem } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { nodeBinary, ROOT, startServer, TEST_DEMO_PASSWORD } from '../scripts/test-support/server.mjs';

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const WARMUP_S = Number(process.env.BENCH_WARMUP ?? 2);
// The demo campaign with the most donations and a monthly tab: the pages a donor sees, the
// lists its page reads, then (below) making a donation.
const CAMPAIGN = 'siyakhula-saturday-school';
// A demo donor (src/lib/server/db/seed/demo-users.ts).
// The demo donor; the servers startServer starts give every demo user this run's password.
const DONOR = { email: 'fatima.patel@letsema.test', password: TEST_DEMO_PASSWORD };
const TARGETS = [
  '/home',
  '/api/v1/campaigns/categories/',
  '/api/v1/currencies',
  '/api/v1/banner',
  `/campaign/${CAMPAIGN}`,
  `/donation/${CAMPAIGN}`,
  `/api/v1/donations/list/campaign/${CAMPAIGN}?idType=0&pageSize=10&pageNo=1`,
  `/api/v1/donations/list/campaign/top/${CAMPAIGN}?idType=0&size=3`,
];

process.chdir(ROOT);
if (!process.argv.includes('--no-build')) buildIfNeeded();

/** One bounded autocannon run against the loopback server. */
function load(url, seconds, request = {}) {
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    ...request,
    // As a browser asks: compressed answers.
    headers: { 'accept-encoding': 'gzip', ...request.headers },
  });
}

function rowOf(label, r) {
  return {
    path: label,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx,
    requests: r.requests.total,
    kbPerRequest: r.requests.total > 0 ? r.throughput.total / r.requests.total / 1024 : 0,
  };
}

/**
 * A signed-in donor's bank-transfer (EFT) donation: validation, the campaign's rules, the
 * insert and the answer (each also writes the EFT instructions mail to the outbox). The
 * demo donor logs in once; the access token lasts longer than the run.
 */
async function measureDonationCreate(baseUrl) {
  const login = await fetch(`${baseUrl}/api/v1/authentication/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DONOR.email, password: DONOR.password }),
  });
  if (login.status !== 200) throw new Error(`demo login answered ${login.status}`);
  const { data } = await login.json();
  const request = {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${data.accessToken}` },
    body: JSON.stringify({
      type: 0,
      currencyId: 1,
      amount: 250,
      tipOrAdminFeeAmount: 30,
      paymentMethod: 0,
      firstName: 'Fatima',
      lastName: 'Patel',
      email: DONOR.email,
      anonymous: false,
      campaignUrl: CAMPAIGN,
    }),
  };
  const url = `${baseUrl}/api/v1/donations/logged-in`;
  const probe = await fetch(url, request);
  if (probe.status !== 201)
    throw new Error(`POST /donations/logged-in answered ${probe.status}: ${await probe.text()}`);
  process.stdout.write(
    `POST /api/v1/donations/logged-in: warming ${WARMUP_S} s, measuring ${DURATION_S} s… `,
  );
  await load(url, WARMUP_S, request);
  const r = await load(url, DURATION_S, request);
  console.log('done');
  return rowOf('POST /api/v1/donations/logged-in (EFT)', r);
}

const server = await startServer({
  databaseUrl: '', // the embedded PGlite under a fresh DATA_DIR, as `npm start` runs it
  env: { APP_ENV: 'production', LOG_REQUESTS: 'false' },
});
const rows = [];
try {
  if (server.health?.status !== 200)
    throw new Error(`health check answered ${server.health?.status}: ${server.health?.body}`);
  for (const path of TARGETS) {
    const url = `${server.baseUrl}${path}`;
    const probe = await fetch(url);
    if (probe.status !== 200) throw new Error(`GET ${path} answered ${probe.status}; nothing to measure`);
    process.stdout.write(`GET ${path}: warming ${WARMUP_S} s, measuring ${DURATION_S} s… `);
    await load(url, WARMUP_S);
    const r = await load(url, DURATION_S);
    rows.push(rowOf(`GET ${path}`, r));
    console.log('done');
  }
  rows.push(await measureDonationCreate(server.baseUrl));
} finally {
  await server.stop();
}

const header = '| endpoint | req/s | p50 ms | p99 ms | errors | requests | KiB per answer |';
const rule = '|---|---:|---:|---:|---:|---:|---:|';
const lines = rows.map(
  (r) =>
    `| ${r.path} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.errors} | ${r.requests} | ${r.kbPerRequest.toFixed(1)} |`,
);
const table = [header, rule, ...lines].join('\n');
console.log(`\n${table}\n`);

function git(...args) {
  try {
    return execFileSync('git', args, { encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}
const now = new Date();
const nodeVersion = execFileSync(nodeBinary(), ['--version'], { encoding: 'utf8' }).trim();
const commit = `${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain') ? ' (with uncommitted changes)' : ''}`;
const report = `# Benchmark ${now.toISOString()}

- Machine: ${availableParallelism()} cores (nproc), ${cpus()[0]?.model ?? 'unknown CPU'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB memory
- Node ${nodeVersion} (server and load generator on the same machine, over 127.0.0.1)
- Code: commit ${commit}, \`npm run bench\` (production build, APP_ENV=production, embedded PGlite with demo data)
- Load: autocannon, ${CONNECTIONS} connections, ${DURATION_S} s per endpoint after ${WARMUP_S} s warm-up, \`accept-encoding: gzip\`

${table}

errors = socket errors + timeouts + non-2xx answers. KiB per answer: bytes received (gzip body and headers) per request.
`;
const dir = join(ROOT, 'bench/results');
mkdirSync(dir, { recursive: true });
const day = now.toISOString().slice(0, 10);
let file = join(dir, `${day}.md`);
if (existsSync(file)) file = join(dir, `${day}-${now.toISOString().slice(11, 19).replaceAll(':', '')}.md`);
writeFileSync(file, report);
console.log(`Recorded in ${file.slice(ROOT.length + 1)}`);
if (rows.some((r) => r.errors > 0)) process.exitCode = 1;

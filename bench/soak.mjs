// npm run soak: crash safety under load (issue 14). Starts a throwaway PostgreSQL and the
// production server, drives donors (donation + PayFast notification, replays) and readers for
// SOAK_MINUTES, donors by iVeri, SnapScan and PayPal card, monthly debit orders by Paysoft (collected
// by a clock in two processes at once) and SnapScan poster payments (bench/soak/methods.mjs, their
// gateways played by bench/lib/moreGateways.mjs), SIGKILLs the server at random moments and restarts it, sends one SIGTERM that
// must drain, fires hostile input at it meanwhile, then checks the journal of acknowledged
// answers against the database and round-trips a backup. Writes bench/RELIABILITY.md; exits 1
// on any loss, double booking, 5xx or request cut by the SIGTERM. See bench/README.md.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { findPostgresBinDir, startPostgres } from '../scripts/test-support/postgres.mjs';
import { nodeBinary, ROOT, startServer, TEST_DEMO_PASSWORD } from '../scripts/test-support/server.mjs';
import { donorToken } from './lib/donations.mjs';
import { jsonRequest } from './lib/http.mjs';
import { describeMachine } from './lib/machine.mjs';
import { startMoreGateways } from './lib/moreGateways.mjs';
import { startPayfastGateway } from './lib/payfastGateway.mjs';
import { CAMPAIGN } from './lib/routes.mjs';
import { createClient } from './soak/client.mjs';
import { faultSchedule, injectFault } from './soak/faults.mjs';
import { hostileBurst } from './soak/hostile.mjs';
import { openJournal } from './soak/journal.mjs';
import { reliabilityReport } from './soak/report.mjs';
import { fingerprintDatabase, ledgerFailures, publicTotal, verifyJournal } from './soak/verify.mjs';
import { debitOrderCollector, startWorkload } from './soak/workload.mjs';

process.chdir(ROOT);
const argv = process.argv.slice(2);
const outArg = argv.find((a) => a.startsWith('--out='));
const OUT = resolve(outArg ? outArg.slice('--out='.length) : 'bench/RELIABILITY.md');
const settings = {
  minutes: Number(process.env.SOAK_MINUTES ?? 8),
  kills: Number(process.env.SOAK_KILLS ?? 6),
  donors: Number(process.env.SOAK_DONORS ?? 12),
  methodDonors: Number(process.env.SOAK_METHOD_DONORS ?? 3),
  readers: Number(process.env.SOAK_READERS ?? 4),
  hostile: Number(process.env.SOAK_HOSTILE ?? 400),
};
const HOSTILE_USER = 'lerato.mahlangu@letsema.test';
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (message) => console.log(`[soak ${new Date().toISOString().slice(11, 19)}] ${message}`);

const began = performance.now();
if (!argv.includes('--no-build')) buildIfNeeded();
const binDir = findPostgresBinDir();
if (!binDir) {
  console.error('The soak runs on PostgreSQL: no initdb/pg_ctl found (install PostgreSQL or set PG_BINDIR).');
  process.exit(2);
}
const runDir = mkdtempSync(join(tmpdir(), 'letsema-soak-'));
log(`journal and logs in ${runDir}`);
const postgres = await startPostgres(binDir);
process.on('exit', () => postgres.stop());
const gateway = await startPayfastGateway();
const moreGateways = await startMoreGateways();
const dataDir = join(runDir, 'data');
const env = { ...gateway.env, ...moreGateways.env, APP_ENV: 'production', SHUTDOWN_GRACE_S: '20' };
const serverOptions = { databaseUrl: postgres.url, dataDir, env, runDir };
const first = await startServer({
  databaseUrl: postgres.url,
  dataDir,
  env,
  logFile: join(runDir, 'server-0.log'),
});
const holder = { server: first, baseUrl: first.baseUrl };

const donor = await donorToken(holder.baseUrl);
const hostileLogin = await jsonRequest(`${holder.baseUrl}/api/v1/authentication/login/`, {
  method: 'POST',
  body: { email: HOSTILE_USER, password: TEST_DEMO_PASSWORD },
});
const hostileToken = hostileLogin.data.accessToken;
const client = createClient();
const journal = openJournal(join(runDir, 'journal.jsonl'));
const campaignId = (await jsonRequest(`${holder.baseUrl}/api/v1/campaigns/short/${CAMPAIGN}?idType=0`)).data
  .id;
const db = new pg.Pool({ connectionString: postgres.url, max: 3 });
db.on('error', () => {});

const durationMs = settings.minutes * 60_000;
const start = performance.now();
const until = () => performance.now() - start > durationMs;
log(
  `load for ${settings.minutes} min: ${settings.donors} PayFast donors, ${settings.methodDonors} by iVeri, SnapScan and PayPal card, ${settings.readers} readers`,
);
const load = startWorkload({
  server: holder,
  client,
  journal,
  gateway,
  moreGateways,
  token: () => donor,
  db,
  campaignId,
  password: TEST_DEMO_PASSWORD,
  donors: settings.donors,
  methodDonors: settings.methodDonors,
  readers: settings.readers,
  until,
  collect: debitOrderCollector({
    env,
    databaseUrl: postgres.url,
    dataDir,
    publicUrl: () => holder.baseUrl,
    log,
  }),
});
const hostile = sleep(durationMs * 0.2).then(() => {
  log(`hostile burst: ${settings.hostile} requests`);
  return hostileBurst({ server: holder, client, token: () => hostileToken, count: settings.hostile });
});

const faults = [];
for (const [index, event] of faultSchedule(durationMs, settings.kills).entries()) {
  await sleep(Math.max(0, start + event.atMs - performance.now()));
  const atMs = performance.now() - start;
  log(`${event.signal} ${index + 1}/${settings.kills + 1} at ${(atMs / 1000).toFixed(0)} s`);
  const fault = await injectFault(holder, event.signal, { client, ...serverOptions, index });
  faults.push({ ...fault, atMs });
  log(
    `  exited (${JSON.stringify(fault.exit)}); serving again after ${(fault.recoveredAfterMs / 1000).toFixed(1)} s`,
  );
}
await load.done;
await db.end();
const hostileResult = await hostile;
const runSeconds = (performance.now() - start) / 1000;
log(`load done: ${client.stats.requests} requests; checking the journal against the database`);

const verdict = await verifyJournal(postgres.url, journal.read());
const apiTotal = await publicTotal(holder.baseUrl, postgres.url, CAMPAIGN);
await holder.server.stop();
const lastExit = await holder.server.exited;

log('backup and restore');
const backup = await backupRoundTrip();
await gateway.stop();
await moreGateways.stop();

const failures = ledgerFailures(verdict, apiTotal);
const drain = faults.find((f) => f.signal === 'SIGTERM');
if (hostileResult.serverErrors.length > 0)
  failures.push(`${hostileResult.serverErrors.length} 5xx from hostile input`);
const otherServerErrors = Object.entries(client.stats.byStatus).filter(
  ([st]) => Number(st) >= 500 && st !== '503',
);
if (otherServerErrors.length > 0)
  failures.push(`5xx answers during the load: ${JSON.stringify(otherServerErrors)}`);
if (drain && (drain.drain.failed > 0 || drain.exit.code !== 0))
  failures.push(`the SIGTERM cut ${drain.drain.failed} requests (exit ${JSON.stringify(drain.exit)})`);
if (lastExit.code !== 0) failures.push(`the last server did not stop cleanly: ${JSON.stringify(lastExit)}`);
const undelivered = load.counts.undelivered + load.counts.otherUndelivered;
if (undelivered > 0) failures.push(`${undelivered} notifications never acknowledged`);
if (!backup.matches) failures.push('the restored database differs from the backed-up one');

const machine = describeMachine();
const report = reliabilityReport({
  machine,
  settings,
  run: { seconds: runSeconds, totalSeconds: (performance.now() - began) / 1000 },
  faults,
  counts: load.counts,
  stats: client.stats,
  hostile: hostileResult,
  verdict,
  backup,
  apiTotal,
  failures,
});
writeFileSync(OUT, report);
log(`wrote ${OUT}`);
console.log(
  failures.length === 0 ? 'Soak passed: lost 0, doubled 0.' : `Soak FAILED:\n- ${failures.join('\n- ')}`,
);
process.exit(failures.length === 0 ? 0 : 1);

/** npm run db:backup of the soak's database, npm run db:restore into a fresh one, and a comparison. */
async function backupRoundTrip() {
  const file = join(runDir, 'soak.dump');
  const restoredUrl = postgres.url.replace(/\/postgres$/, '/restored');
  const tsx = (script, args, databaseUrl) => {
    const started = performance.now();
    const result = spawnSync(nodeBinary(), [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), script, ...args], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`${script} failed: ${result.stderr || result.stdout}`);
    return performance.now() - started;
  };
  const backupMs = tsx('scripts/db-backup.ts', [`--file=${file}`], postgres.url);
  const admin = new pg.Client({ connectionString: postgres.url });
  await admin.connect();
  await admin.query('CREATE DATABASE restored');
  await admin.end();
  const restoreMs = tsx('scripts/db-restore.ts', [file], restoredUrl);
  const [before, after] = [await fingerprintDatabase(postgres.url), await fingerprintDatabase(restoredUrl)];
  return {
    backupMs,
    restoreMs,
    bytes: statSync(file).size,
    tables: Object.keys(before).length,
    rows: Object.values(before).reduce((sum, t) => sum + t.rows, 0),
    matches: JSON.stringify(before) === JSON.stringify(after),
  };
}

// npm run bench:cluster: the deployment of docs/DEPLOY.md on this machine, proven under faults
// (issue 28, item 7). A throwaway PostgreSQL, an S3 store (s3rver), an SMTP sink, and nginx (Debian's,
// installed when missing) in front of three app processes (node server/main.ts, TRUSTED_PROXIES set).
// The soak's load (bench/soak/workload.mjs) runs through nginx for CLUSTER_MINUTES while one process
// is SIGKILLed and started again, PostgreSQL restarts (pg_ctl restart -m fast), SMTP is down for two
// minutes and PayFast's validate call fails for one; cache coherence is probed throughout (a campaign
// renamed through one process, read straight from the others). Then: the journal of acknowledged
// answers against the database, every mail of the queue delivered once, throughput through nginx with
// one process and with three. Writes bench/CLUSTER.md; exits 1 on any loss, double booking, lost or
// doubled mail, or a stale read. See bench/README.md.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { findPostgresBinDir, startPostgres } from '../scripts/test-support/postgres.mjs';
import { startS3 } from '../scripts/test-support/s3.mjs';
import { freePort, ROOT, TEST_DEMO_PASSWORD } from '../scripts/test-support/server.mjs';
import { answersByFault } from './cluster/answers.mjs';
import { pickPorts, startApps } from './cluster/apps.mjs';
import { coherenceProbe } from './cluster/coherence.mjs';
import { mailQueueCounts, verifyMail, waitForMailQueue } from './cluster/mail.mjs';
import { scrapeMetrics } from './cluster/metrics.mjs';
import { ensureNginx, nginxVersion, startNginx } from './cluster/nginx.mjs';
import { clusterReport } from './cluster/report.mjs';
import { measureOneVersusAll } from './cluster/throughput.mjs';
import { donorToken } from './lib/donations.mjs';
import { jsonRequest } from './lib/http.mjs';
import { describeMachine } from './lib/machine.mjs';
import { startMoreGateways } from './lib/moreGateways.mjs';
import { startPayfastGateway } from './lib/payfastGateway.mjs';
import { CAMPAIGN } from './lib/routes.mjs';
import { startSmtpSink } from './lib/smtpSink.mjs';
import { createClient } from './soak/client.mjs';
import { openJournal } from './soak/journal.mjs';
import { ledgerFailures, lossesOf, publicTotal, verifyJournal } from './soak/verify.mjs';
import { debitOrderCollector, startWorkload } from './soak/workload.mjs';

process.chdir(ROOT);
const argv = process.argv.slice(2);
const outArg = argv.find((a) => a.startsWith('--out='));
const OUT = resolve(outArg ? outArg.slice('--out='.length) : 'bench/CLUSTER.md');
const number = (name, fallback) => {
  const raw = process.env[name];
  const value = raw === undefined || raw === '' ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number ≥ 0, not '${raw}'`);
  return value;
};
const DEFAULTS = {
  minutes: 6,
  processes: 3,
  donors: 8,
  methodDonors: 2,
  readers: 4,
  smtpOutageS: 120,
  payfastOutageS: 60,
  probes: 12,
  throughputS: 20,
  mailDrainS: 300,
};
const settings = {
  minutes: number('CLUSTER_MINUTES', DEFAULTS.minutes),
  processes: number('CLUSTER_PROCESSES', DEFAULTS.processes),
  donors: number('CLUSTER_DONORS', DEFAULTS.donors),
  methodDonors: number('CLUSTER_METHOD_DONORS', DEFAULTS.methodDonors),
  readers: number('CLUSTER_READERS', DEFAULTS.readers),
  smtpOutageS: number('CLUSTER_SMTP_OUTAGE_S', DEFAULTS.smtpOutageS),
  payfastOutageS: number('CLUSTER_PAYFAST_OUTAGE_S', DEFAULTS.payfastOutageS),
  probes: number('CLUSTER_PROBES', DEFAULTS.probes),
  throughputS: number('CLUSTER_THROUGHPUT_S', DEFAULTS.throughputS),
  mailDrainS: number('CLUSTER_MAIL_DRAIN_S', DEFAULTS.mailDrainS),
};
if (settings.processes < 2)
  throw new Error('CLUSTER_PROCESSES must be at least 2: the proof is about several.');
/** The demo campaign renamed by the coherence probes: launched, and not the one the load gives to. */
const PROBE_CAMPAIGN = 'langa-lions-u15-to-nationals';
const PROBE_OWNER = 'zanele.mokoena@letsema.test';
/** Coherence: a change must reach every other process within this. */
const COHERENCE_LIMIT_MS = 1000;
/** A fault's window for the 5xx count runs this long past its end. */
const GRACE_MS = 10_000;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const log = (message) => console.log(`[cluster ${new Date().toISOString().slice(11, 19)}] ${message}`);

const began = performance.now();
if (!argv.includes('--no-build')) buildIfNeeded();
const binDir = findPostgresBinDir();
if (!binDir) {
  console.error(
    'The cluster runs on PostgreSQL: no initdb/pg_ctl found (install PostgreSQL or set PG_BINDIR).',
  );
  process.exit(2);
}
const nginxBinary = ensureNginx(log);
// Ctrl-C or a kill: exit, so every 'exit' handler (servers, nginx, PostgreSQL) runs.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

const runDir = mkdtempSync(join(tmpdir(), 'letsema-cluster-'));
log(`journal and logs in ${runDir}`);
const postgres = await startPostgres(binDir);
process.on('exit', () => postgres.stop());
const s3 = await startS3();
const smtp = await startSmtpSink();
const gateway = await startPayfastGateway();
const moreGateways = await startMoreGateways();

const nginxDir = join(runDir, 'nginx');
const env = {
  ...gateway.env,
  ...moreGateways.env,
  ...s3.env,
  APP_ENV: 'production',
  SHUTDOWN_GRACE_S: '20',
  SMTP_URL: smtp.url,
  TRUSTED_PROXIES: '127.0.0.1',
  JWT_SECRET: randomBytes(32).toString('base64url'),
  ALTCHA_HMAC_KEY: randomBytes(32).toString('base64url'),
  DATABASE_POOL_SIZE: '10',
};
const cluster = await startAppsBehindNginx();
const { apps, nginx } = cluster;
const publicHost = new URL(nginx.url).host;
log(`nginx ${nginx.url} in front of ${apps.map((a) => a.port).join(', ')}`);

const donor = await donorToken(nginx.url);
const owner = await jsonRequest(`${nginx.url}/api/v1/authentication/login/`, {
  method: 'POST',
  body: { email: PROBE_OWNER, password: TEST_DEMO_PASSWORD },
});
const ownerToken = owner.data.accessToken;
const probeCampaign = (await jsonRequest(`${nginx.url}/api/v1/campaigns/short/${PROBE_CAMPAIGN}?idType=0`))
  .data;
const campaignId = (await jsonRequest(`${nginx.url}/api/v1/campaigns/short/${CAMPAIGN}?idType=0`)).data.id;
const files = await filesFromTheBucket(owner.data.access.user, ownerToken);
const client = createClient();
const journal = openJournal(join(runDir, 'journal.jsonl'));
const db = openDb();

const durationMs = settings.minutes * 60_000;
const server = { baseUrl: nginx.url };
const loadStartedAt = Date.now();
const start = performance.now();
const until = () => performance.now() - start > durationMs;
log(
  `load through nginx for ${settings.minutes} min: ${settings.donors} PayFast donors, ${settings.methodDonors} by iVeri, SnapScan and PayPal card, ${settings.readers} readers`,
);
const workloadDb = openDb();
const load = startWorkload({
  server,
  client,
  journal,
  gateway,
  moreGateways,
  token: () => donor,
  db: workloadDb,
  campaignId,
  password: TEST_DEMO_PASSWORD,
  donors: settings.donors,
  methodDonors: settings.methodDonors,
  readers: settings.readers,
  until,
  collect: debitOrderCollector({
    env,
    databaseUrl: postgres.url,
    dataDir: join(runDir, 'collector'),
    publicUrl: () => nginx.url,
    log,
  }),
});

// The faults, one after another so each one's effect can be told apart.
// SMTP down for at most a third of the load, PayFast failing for at most a sixth: the default two
// minutes and one fit the default six.
const smtpOutageMs = Math.min(settings.smtpOutageS * 1000, durationMs * 0.34);
const payfastOutageMs = Math.min(settings.payfastOutageS * 1000, durationMs * 0.17);
const schedule = [
  { at: 0.1 * durationMs, name: 'SIGKILL one app process, start it again', disruptive: true, run: killOne },
  {
    at: 0.2 * durationMs,
    name: 'PostgreSQL restart (pg_ctl restart -m fast)',
    disruptive: true,
    run: restartDb,
  },
  { at: 0.3 * durationMs, name: `SMTP down for ${(smtpOutageMs / 1000).toFixed(0)} s`, run: smtpOutage },
  {
    at: 0.35 * durationMs + smtpOutageMs,
    name: `PayFast's validate call fails (HTTP 503) for ${(payfastOutageMs / 1000).toFixed(0)} s`,
    run: payfastOutage,
  },
];
const faults = [];
const faultsDone = (async () => {
  for (const fault of schedule) {
    await sleep(Math.max(0, start + fault.at - performance.now()));
    const startedAt = Date.now();
    log(`fault: ${fault.name}`);
    const effect = await fault.run();
    const endedAt = Date.now();
    faults.push({
      name: fault.name,
      disruptive: fault.disruptive === true,
      atS: (startedAt - loadStartedAt) / 1000,
      startedAt,
      endedAt,
      effect,
    });
    log(`  over after ${((endedAt - startedAt) / 1000).toFixed(1)} s: ${effect}`);
  }
})();

// The queue, sampled while the load runs (the SMTP outage's backlog).
const queueSamples = [];
const sampling = (async () => {
  while (!until()) {
    try {
      const counts = await mailQueueCounts(db);
      if (counts) queueSamples.push({ at: Date.now(), ...counts });
    } catch {
      // PostgreSQL restarting: the next sample will do.
    }
    await sleep(2000);
  }
})();

const probes = [];
const probing = (async () => {
  const every = durationMs / (settings.probes + 1);
  for (let serial = 1; serial <= settings.probes; serial++) {
    await sleep(Math.max(0, start + every * serial - performance.now()));
    if (until()) break;
    const startedAt = Date.now();
    const probe = await coherenceProbe({
      apps,
      editor: serial % apps.length,
      host: publicHost,
      campaign: { id: probeCampaign.id, url: PROBE_CAMPAIGN, name: probeCampaign.name },
      token: () => ownerToken,
      serial,
    });
    const worst = probe.reads
      ? Math.max(...probe.reads.map((r) => r.lagMs ?? Number.POSITIVE_INFINITY))
      : null;
    probes.push({
      ...probe,
      serial,
      atS: (startedAt - loadStartedAt) / 1000,
      startedAt,
      endedAt: Date.now(),
    });
    log(
      `coherence probe ${serial}: ${probe.skipped ?? `worst ${worst === Number.POSITIVE_INFINITY ? 'never' : `${worst.toFixed(0)} ms`}`}`,
    );
  }
})();

await faultsDone;
await probing;
await sampling;
await load.done;
const loadEndedAt = Date.now();
// A probe that overlapped a process kill or the database restart (or their aftermath) is reported apart.
for (const probe of probes)
  probe.duringFault = faults.some(
    (f) => f.disruptive && probe.startedAt <= f.endedAt + GRACE_MS && probe.endedAt >= f.startedAt,
  );
const runSeconds = (performance.now() - start) / 1000;
log(`load done: ${client.stats.requests} requests; waiting for the mail queue to empty`);
const drain = await waitForMailQueue(postgres.url, settings.mailDrainS * 1000);
if (drain.counts)
  log(
    `  mail queue: ${JSON.stringify(drain.counts)} after ${((drain.drainedAfterMs ?? 0) / 1000).toFixed(1)} s`,
  );
// Give the last SMTP conversations a moment to end before counting what arrived.
await sleep(1000);
const mail = await verifyMail(postgres.url, smtp.messages);
const metrics = await scrapeMetrics(
  apps.map((a) => a.baseUrl),
  nginx.url,
);
log('checking the journal against the database');
const verdict = await verifyJournal(postgres.url, journal.read());
const apiTotal = await publicTotal(nginx.url, postgres.url, CAMPAIGN);
const answers = answersByFault(nginx.accessLog(), faults, {
  from: loadStartedAt,
  to: loadEndedAt,
  graceMs: GRACE_MS,
});

const throughput = await measureOneVersusAll({
  nginx,
  ports: cluster.ports,
  token: donor,
  gateway,
  seconds: settings.throughputS,
  warmupS: Math.min(5, settings.throughputS),
  connections: 16,
  donors: 4,
  log,
});

await workloadDb.end().catch(() => {});
await db.end().catch(() => {});
const exits = await cluster.stopAll();
await nginx.stop();
await gateway.stop();
await moreGateways.stop();
await smtp.stop();
await s3.stop();

const failures = ledgerFailures(verdict, apiTotal);
const undelivered = load.counts.undelivered + (load.counts.otherUndelivered ?? 0);
if (undelivered > 0) failures.push(`${undelivered} notifications never acknowledged`);
if (mail.queue) {
  if (drain.drainedAfterMs === null)
    failures.push(`${drain.counts.pending} mails still pending ${settings.mailDrainS} s after the load`);
  if (mail.missing > 0) failures.push(`${mail.missing} mails marked sent never reached the mail server`);
  if (mail.duplicated > 0)
    failures.push(`${mail.duplicated} mails delivered more than once (${mail.extraCopies} extra copies)`);
  if (mail.dead > 0) failures.push(`${mail.dead} dead letters`);
}
const coherent = probes.filter((p) => p.reads && !p.duringFault);
const staleReads = coherent.flatMap((p) =>
  p.reads.filter((r) => r.lagMs === null || r.lagMs > COHERENCE_LIMIT_MS),
);
if (staleReads.length > 0)
  failures.push(
    `${staleReads.length} reads showed a change later than ${COHERENCE_LIMIT_MS} ms after it (or never)`,
  );
if (coherent.length === 0) failures.push('no coherence probe ran outside the faults');
if (!files.path || files.reads.some((r) => !r.same))
  failures.push(`a file uploaded through one process is not served alike by all: ${JSON.stringify(files)}`);
if (metrics.processes < apps.length)
  failures.push(`/metrics answered ${JSON.stringify(metrics.statuses)} on the processes' own ports`);
if (metrics.throughProxy !== 404)
  failures.push(`nginx answered ${metrics.throughProxy} for /metrics (DEPLOY.md keeps it to each process)`);
for (const exit of cluster.unexpectedExits.filter((e) => e.crashed))
  failures.push(
    `process ${exit.process} crashed ${((exit.at - loadStartedAt) / 1000).toFixed(0)} s into the load (${JSON.stringify(exit.exit)}; ${exit.log})`,
  );

const report = clusterReport({
  machine: { ...describeMachine(), nginx: nginxVersion(nginxBinary) },
  settings,
  defaults: DEFAULTS,
  run: { seconds: runSeconds, totalSeconds: (performance.now() - began) / 1000 },
  nginxConfig: nginx.config(),
  apps: apps.map((a) => ({ index: a.index, port: a.port, starts: a.starts + 1 })),
  unexpectedExits: cluster.unexpectedExits.map((e) => ({ ...e, atS: (e.at - loadStartedAt) / 1000 })),
  faults,
  answers,
  stats: client.stats,
  counts: load.counts,
  verdict,
  losses: lossesOf(verdict),
  apiTotal,
  mail: { ...mail, drain, smtpOutageMs, samples: queueSamples },
  metrics,
  probes,
  coherenceLimitMs: COHERENCE_LIMIT_MS,
  files,
  throughput,
  exits,
  failures,
});
writeFileSync(OUT, report);
log(`wrote ${OUT}`);
console.log(
  failures.length === 0
    ? `Cluster passed: lost 0, doubled 0${mail.queue ? `, ${mail.sent} mails delivered once` : ''}.`
    : `Cluster FAILED:\n- ${failures.join('\n- ')}`,
);
process.exit(failures.length === 0 ? 0 : 1);

async function startAppsBehindNginx() {
  // nginx's address is every process's PUBLIC_URL, and its upstream names their ports: both are
  // chosen first. It starts once the processes answer (one found down is skipped for a while).
  const ports = await pickPorts(settings.processes);
  const port = await freePort();
  env.PUBLIC_URL = `http://127.0.0.1:${port}`;
  const started = await startApps({ ports, databaseUrl: postgres.url, env, runDir });
  const proxy = await startNginx({ binary: nginxBinary, dir: nginxDir, port, upstreams: ports });
  return { ...started, nginx: proxy };
}

/** A pool: it opens new connections after PostgreSQL restarts. */
function openDb() {
  const pool = new pg.Pool({ connectionString: postgres.url, max: 3 });
  pool.on('error', () => {});
  return pool;
}

async function killOne() {
  const index = apps.length - 1;
  const result = await cluster.kill(index);
  return `process ${index} ended (${result.exit.signal ?? `code ${result.exit.code}`}) after ${result.exitedAfterMs} ms; started again on its port, serving after ${(result.recoveredAfterMs / 1000).toFixed(1)} s`;
}

async function restartDb() {
  const restartMs = await postgres.restart('fast');
  // Every process ready again (its pool and its LISTEN connection back).
  const began = performance.now();
  const ready = await Promise.all(
    apps.map(async (app) => {
      for (;;) {
        try {
          const response = await fetch(`${app.baseUrl}/api/v1/ready`, { signal: AbortSignal.timeout(2000) });
          if (response.status === 200) return performance.now() - began;
        } catch {
          // not yet
        }
        if (performance.now() - began > 60_000) return null;
        await sleep(100);
      }
    }),
  );
  const slowest = ready.every((r) => r !== null) ? Math.max(...ready) : null;
  return `pg_ctl restart took ${(restartMs / 1000).toFixed(1)} s; ${
    slowest === null
      ? 'a process was not ready again within 60 s'
      : `every process answered /api/v1/ready 200 again ${(slowest / 1000).toFixed(1)} s later`
  }`;
}

async function smtpOutage() {
  await smtp.stop();
  const receivedBefore = smtp.messages.length;
  const queueBefore = await mailQueueCounts(db).catch(() => null);
  await sleep(smtpOutageMs);
  const queueAfter = await mailQueueCounts(db).catch(() => null);
  await smtp.start();
  return `the SMTP server refused connections for ${(smtpOutageMs / 1000).toFixed(0)} s (${receivedBefore} mails received before)${
    queueBefore && queueAfter
      ? `; pending mails ${queueBefore.pending} when it stopped, ${queueAfter.pending} when it came back`
      : ''
  }`;
}

async function payfastOutage() {
  const failedBefore = gateway.validations.failed;
  gateway.failValidation(503);
  await sleep(payfastOutageMs);
  gateway.failValidation(null);
  return `${gateway.validations.failed - failedBefore} validate calls answered HTTP 503`;
}

/**
 * Uploaded files live in the bucket, not on one process's disk: the owner's new profile picture,
 * uploaded through the first process, is fetched from every process (its /files/ address).
 */
async function filesFromTheBucket(user, token) {
  const picture = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#1d6b4f' } })
    .png()
    .toBuffer();
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(picture)], { type: 'image/png' }), 'cluster.png');
  const uploaded = await fetch(`${apps[0].baseUrl}/api/v1/users/${user.id}/image`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}` },
    body: form,
  });
  const path = (await uploaded.json()).data?.image?.url;
  if (uploaded.status !== 200 || !path) return { uploaded: uploaded.status, path: null, reads: [] };
  const reads = await Promise.all(
    apps.map(async (app) => {
      const response = await fetch(`${app.baseUrl}${path}`);
      const bytes = Buffer.from(await response.arrayBuffer());
      return { process: app.index, status: response.status, bytes };
    }),
  );
  return {
    uploaded: uploaded.status,
    path,
    reads: reads.map((r) => ({
      process: r.process,
      status: r.status,
      size: r.bytes.length,
      same: r.status === 200 && r.bytes.equals(reads[0].bytes),
    })),
  };
}

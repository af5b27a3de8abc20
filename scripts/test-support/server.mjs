// Starts the built server (server/main.ts in front of dist/server/entry.mjs) on a free loopback port for
// tests and benchmarks. Shared by scripts/test.mjs (e2e), the API suite's
// vitest globalSetup and bench/run.mjs, so all three run the app the same way.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const BUILD_ENTRY = join(ROOT, process.env.BUILD_DIR || 'dist', 'server/entry.mjs');
export const SERVER_ENTRY = join(ROOT, 'server/main.ts');

/**
 * The demo users' password on every server started here (DEMO_PASSWORD): new for each test
 * run, so no password is written anywhere. Test runners hand it to the tests (the API suite's
 * `inject('demoPassword')`, DEMO_PASSWORD in e2e's environment).
 */
export const TEST_DEMO_PASSWORD =
  process.env.DEMO_PASSWORD || `test-${randomBytes(12).toString('base64url')}`;

/** The project's pinned Node (node_modules/.bin/node, Node 24), else the one running this script. */
export function nodeBinary() {
  const pinned = join(ROOT, 'node_modules/.bin/node');
  return existsSync(pinned) ? pinned : process.execPath;
}

/** A TCP port nothing listens on right now, on 127.0.0.1. */
export function freePort() {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

/** The last `lines` lines of a log file, for error messages. */
export function tailOf(file, lines = 40) {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * @typedef {object} RunningServer
 * @property {string} baseUrl  e.g. http://127.0.0.1:43123 (no trailing slash)
 * @property {number} port
 * @property {string} dataDir
 * @property {string} logFile
 * @property {{ status: number, body: string } | null} health  the first GET /api/v1/health answer
 * @property {() => Promise<void>} stop  stops the server and removes a data dir this module created
 * @property {import('node:child_process').ChildProcess} child  the server process (to signal it: graceful-shutdown test, soak)
 * @property {Promise<{ code: number | null, signal: string | null }>} exited  how the process ended
 */

/**
 * Starts `node server/main.ts` on a free port of 127.0.0.1 and waits
 * until it answers HTTP, then calls GET /api/v1/health once so the database
 * is migrated and seeded before the first test. Rejects (with the log's tail)
 * when the server exits or does not answer in time.
 *
 * @param {object} [options]
 * @param {string} [options.databaseUrl]  DATABASE_URL for the server: `memory://` (default), '' (PGlite under dataDir) or postgres://…
 * @param {string} [options.dataDir]  DATA_DIR; a fresh temporary directory when not given
 * @param {string} [options.logFile]  where the server's stdout and stderr go; inside dataDir when not given
 * @param {Record<string, string>} [options.env]  extra environment (APP_ENV defaults to 'test')
 * @param {string} [options.host]  HOST to listen on (default 127.0.0.1; another needs ALLOW_DEV_ON_NETWORK outside production)
 * @param {number} [options.port]  PORT to listen on; a free one when not given (a process restarted behind a proxy keeps its port)
 * @param {number} [options.timeoutMs]  how long to wait for the server (default 120 s)
 * @returns {Promise<RunningServer>}
 */
export async function startServer(options = {}) {
  if (!existsSync(BUILD_ENTRY)) {
    throw new Error(`${BUILD_ENTRY} is missing: build the app first (npm run build).`);
  }
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'letsema-data-'));
  mkdirSync(dataDir, { recursive: true });
  const logFile = options.logFile ?? join(dataDir, 'server.log');
  mkdirSync(dirname(logFile), { recursive: true });
  const port = options.port ?? (await freePort());
  const host = options.host ?? '127.0.0.1';
  const baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const log = openSync(logFile, 'w');
  const child = spawn(nodeBinary(), [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      // The built server as deployed (React's production build), but the app's test mode:
      // APP_ENV is what the app reads at run time (NODE_ENV is fixed at build time).
      NODE_ENV: 'production',
      APP_ENV: 'test',
      SEED_DEMO: 'true',
      // Mail links must point at this server, on the origin the browser uses (localStorage is per origin).
      PUBLIC_URL: baseUrl,
      DEMO_PASSWORD: TEST_DEMO_PASSWORD,
      // Every test client is 127.0.0.1 and the demo donors serve many tests: the scaled limits would
      // count a whole run as one visitor. Login's per-account limits and the mail cap stay as deployed.
      RATE_LIMIT_FACTOR: '1000',
      ...options.env,
      HOST: options.host ?? '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: options.databaseUrl ?? 'memory://',
    },
    stdio: ['ignore', log, log],
  });
  closeSync(log);
  let exited = false;
  const exitedPromise = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal }))).then(
    (outcome) => {
      exited = true;
      return outcome;
    },
  );
  // A crashed or interrupted parent must not leave a server (or its temporary data) behind.
  const killOnExit = () => {
    child.kill('SIGKILL');
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  process.once('exit', killOnExit);

  const stop = async () => {
    process.removeListener('exit', killOnExit);
    if (!exited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exitedPromise;
      clearTimeout(timer);
    }
    // A data dir made here goes (with a log inside it); pass `logFile` to keep the log.
    if (ownDataDir) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  const fail = async (why) => {
    const tail = tailOf(logFile);
    await stop().catch(() => {});
    throw new Error(`The server at ${baseUrl} ${why}. Last lines of its log:\n${tail}`);
  };

  // 1. Listening?
  for (;;) {
    if (exited) return fail(`exited with code ${child.exitCode} before answering`);
    if (Date.now() > deadline) return fail('did not answer in time');
    try {
      await fetch(`${baseUrl}/api/v1/health`, { method: 'HEAD', signal: AbortSignal.timeout(2000) });
      break;
    } catch {
      await sleep(150);
    }
  }
  // 2. Migrate and seed now, through the health check, rather than in the first test.
  let health = null;
  try {
    const response = await fetch(`${baseUrl}/api/v1/health`, {
      signal: AbortSignal.timeout(Math.max(1000, deadline - Date.now())),
    });
    health = { status: response.status, body: await response.text() };
  } catch (error) {
    return fail(`did not answer GET /api/v1/health (${error instanceof Error ? error.message : error})`);
  }
  return { baseUrl, port, dataDir, logFile, health, stop, child, exited: exitedPromise };
}

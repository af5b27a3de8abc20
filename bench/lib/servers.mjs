// The servers under test: the production build (APP_ENV=production) on the demo data, on the
// embedded PGlite or on a throwaway PostgreSQL, one process or several sharing one database.
// Everything started here is stopped by stopAll(), also when the bench is interrupted.
import { randomBytes } from 'node:crypto';
import { findPostgresBinDir, startPostgres } from '../../scripts/test-support/postgres.mjs';
import { startServer } from '../../scripts/test-support/server.mjs';

const stops = [];

/** Stops what this module started after the first `keep` cleanups, newest first. */
export async function stopAll(keep = 0) {
  while (stops.length > keep) {
    const stop = stops.pop();
    try {
      await stop();
    } catch (error) {
      console.error(`while stopping: ${error instanceof Error ? error.message : error}`);
    }
  }
}

// Ctrl-C or a kill: exit, so the 'exit' handlers of startServer and below kill what is left.
for (const signal of ['SIGINT', 'SIGTERM']) process.once(signal, () => process.exit(130));

// Secrets as a deployment shares them between processes (a token from one is valid on the other).
const sharedSecrets = {
  JWT_SECRET: randomBytes(32).toString('base64url'),
  ALTCHA_HMAC_KEY: randomBytes(32).toString('base64url'),
};

/**
 * Starts one production server process.
 * @param {{ databaseUrl: string, env?: Record<string, string> }} options  databaseUrl '' = PGlite in a fresh DATA_DIR
 */
export async function startBenchServer({ databaseUrl, env = {} }) {
  const server = await startServer({
    databaseUrl,
    env: { APP_ENV: 'production', LOG_REQUESTS: 'false', ...sharedSecrets, ...env },
  });
  stops.push(() => server.stop());
  if (server.health?.status !== 200)
    throw new Error(`health check answered ${server.health?.status}: ${server.health?.body}`);
  return server;
}

/** A fresh PostgreSQL cluster on loopback (stopped by stopAll, or at exit). */
export async function startBenchPostgres() {
  const binDir = findPostgresBinDir();
  if (!binDir) throw new Error('PostgreSQL binaries not found (set PG_BINDIR)');
  const postgres = await startPostgres(binDir);
  const stop = () => postgres.stop();
  process.once('exit', stop);
  stops.push(async () => {
    process.removeListener('exit', stop);
    stop();
  });
  return postgres;
}

/** Runs `phase`, then stops whatever it started (servers, databases), also when it throws. */
export async function withCleanup(phase) {
  const keep = stops.length;
  try {
    return await phase();
  } finally {
    await stopAll(keep);
  }
}

/** Registers another cleanup (a browser, the PayFast stand-in) to run in stopAll. */
export function onStop(stop) {
  stops.push(stop);
}

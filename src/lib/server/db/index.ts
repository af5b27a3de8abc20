import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { onShutdown, processLifecycle, SHUTDOWN_ORDER } from '#server/lifecycle.ts';
import { listenOnPglite, listenOnPostgres } from '~/lib/server/cache/invalidation';
import { HttpError } from '~/lib/server/http/errors';
import { MAIL_CHANNEL, mailQueued } from '~/lib/server/mail/wake';
import { dataPath, env } from '~/lib/server/platform/env';
import { announce, log } from '~/lib/server/platform/log';
import { provideMetricSource } from '~/lib/server/platform/metrics';
import { countQuery } from '~/lib/server/platform/requestScope';
import { openPglite } from './pglite';
import * as schema from './schema';
import { demoLoginsTable, findDemoLogins, seedDatabase } from './seed';
import type { Db } from './types';

interface Connection {
  db: Db;
  close: () => Promise<void>;
}

/** Migrates and seeds; on PostgreSQL, one process at a time. */
type Prepare = (db: Db) => Promise<void>;

let opening: Promise<Connection> | undefined;
/** Set by stopDb(): the process is stopping and the database is closed for good. */
let stopped = false;

// Every statement is counted against the request that sent it (tests bound the queries per page).
const logger = { logQuery: countQuery };

async function open(prepare: Prepare): Promise<Connection> {
  if (env.databaseUrl.startsWith('postgres://') || env.databaseUrl.startsWith('postgresql://')) {
    const pool = new pg.Pool({
      connectionString: env.databaseUrl,
      max: env.databasePoolSize,
    });
    // A connection that breaks (PostgreSQL restarting, a network cut) must not end the process, as
    // an unhandled 'error' event would. An idle one: the pool drops it and says so here, and opens
    // another when next needed. One in use (a transaction waiting between statements): its next
    // statement fails with the request's error, and the pool drops it when it is released.
    pool.on('error', (err) => {
      // Not the error itself: pg-pool hangs the client on it, and with it the connection settings.
      const { code } = err as Error & { code?: string };
      log
        .child({ area: 'db' })
        .warn({ code, reason: err.message }, 'an idle database connection was lost; the pool opens another');
    });
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzlePg({ client: pool, schema, casing: 'snake_case', logger });
    provideMetricSource('databasePool', () => ({ inUse: pool.totalCount - pool.idleCount }));
    await oneProcessAtATime(pool, async (locked) => {
      const lockedDb = drizzlePg({ client: locked, schema, casing: 'snake_case' });
      await migratePg(lockedDb, { migrationsFolder: env.migrationsDir });
      await prepare(lockedDb as unknown as Db);
    });
    const stopListening = listenOnPostgres(env.databaseUrl, pool, { [MAIL_CHANNEL]: mailQueued });
    return {
      db: db as unknown as Db,
      close: async () => {
        await stopListening();
        await pool.end();
      },
    };
  }
  const inMemory = env.databaseUrl === 'memory://';
  const client = openPglite(inMemory ? undefined : dataPath('pglite'));
  const db = drizzlePglite({ client, schema, casing: 'snake_case', logger });
  await migratePglite(db, { migrationsFolder: env.migrationsDir });
  await prepare(db as unknown as Db);
  await listenOnPglite(client, { [MAIL_CHANNEL]: mailQueued });
  return { db: db as unknown as Db, close: () => client.close() };
}

/** Any number, the same in every process: the advisory lock that lets one process prepare at a time. */
const PREPARE_LOCK = 748_213_001;

/**
 * Drizzle's migrator takes no lock, and seeding checks before it writes: processes starting
 * together on one PostgreSQL would apply a migration twice or seed the demo twice. A session
 * advisory lock makes them take turns; the later ones find nothing left to do. Both run on the
 * locked connection itself, so a pool of one connection cannot wait on itself.
 */
async function oneProcessAtATime(
  pool: pg.Pool,
  work: (locked: pg.PoolClient) => Promise<void>,
): Promise<void> {
  const locked = await pool.connect();
  try {
    await locked.query('SELECT pg_advisory_lock($1)', [PREPARE_LOCK]);
    await work(locked);
  } finally {
    await locked.query('SELECT pg_advisory_unlock($1)', [PREPARE_LOCK]).catch(() => {});
    locked.release();
  }
}

/**
 * Closing is part of the server's ordered stop (server/shutdown.ts: requests drained, jobs stopped,
 * then this). A script or `astro dev` has no such server: there the embedded database, a PostgreSQL
 * data directory, is closed on Ctrl-C or a stop signal so the next start needs no crash recovery.
 */
function closeWhenProcessStops(): void {
  if (processLifecycle().managed) {
    onShutdown('database', SHUTDOWN_ORDER.database, stopDb);
    return;
  }
  if (env.databaseUrl === 'memory://' || closeOnSignalInstalled) return;
  closeOnSignalInstalled = true;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      void stopDb().finally(() => process.exit(0));
    });
  }
}
let closeOnSignalInstalled = false;

async function openAndSeed(): Promise<Connection> {
  const connection = await open((db) => seedDatabase(db, { demo: env.seedDemo }));
  if (env.printDemoLogins) {
    const logins = await findDemoLogins(connection.db);
    // The table for the developer's terminal; a JSON log only says where the passwords are.
    if (logins.length > 0)
      announce(
        demoLoginsTable(logins),
        'Demo logins ready: DATA_DIR/demo-logins.json keeps them (an in-memory database only in this process; LOG_FORMAT=pretty prints them)',
        { demoLogins: logins.length },
      );
  }
  return connection;
}

/**
 * The database, migrated and seeded. The first call opens it; later calls
 * share that one connection (PGlite) or pool (PostgreSQL).
 */
export async function getDb(): Promise<Db> {
  // Requests still in flight while the server stops use the open database; once it is closed it
  // is never reopened: the caller gets a clean 503, not a fresh PGlite that nobody closes (or a
  // "PGlite is closing" 500).
  if (stopped)
    throw new HttpError(
      503,
      'The server is restarting. Please try again in a few seconds.',
      null,
      'unavailable',
      {
        'retry-after': '5',
      },
    );
  if (!opening) closeWhenProcessStops();
  opening ??= openAndSeed().catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return (await opening).db;
}

/**
 * The database when it is open already, else null (never opens it): for background work that
 * has nothing to do before something else needed the database (the mail worker's polling).
 */
export async function openedDb(): Promise<Db | null> {
  if (stopped || !opening) return null;
  try {
    return (await opening).db;
  } catch {
    return null;
  }
}

/** Closes the database for good: the last step of the process's stop; later getDb() calls answer 503. */
export async function stopDb(): Promise<void> {
  stopped = true;
  await closeDb();
}

/** Closes the connection (scripts and tests); a later getDb() opens it again. */
export async function closeDb(): Promise<void> {
  if (!opening) return;
  const connection = await opening;
  opening = undefined;
  await connection.close();
}

import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { startServer, TEST_DEMO_PASSWORD } from '../../../scripts/test-support/server.mjs';

declare module 'vitest' {
  interface ProvidedContext {
    /** The server under test, e.g. http://127.0.0.1:43123 (no trailing slash). */
    baseUrl: string;
    /** Every demo user's password on that server (DEMO_PASSWORD, new for each run). */
    demoPassword: string;
    /** The server's DATABASE_URL: `memory://`, or a scratch PostgreSQL database a second server may share. */
    databaseUrl: string;
    /** The server's JWT_SECRET, so a test can sign a token only the server could (e.g. an expired one). */
    jwtSecret: string;
  }
}

/**
 * A fresh database on the PostgreSQL server TEST_DATABASE_URL points at:
 * created for this run, dropped after it, so the server under test starts
 * empty and a developer's own database is never touched.
 */
async function createScratchDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `letsema_api_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}

/**
 * Starts ONE built server for the API run on a free port with a fresh
 * database: in-memory PGlite, or a scratch database on TEST_DATABASE_URL.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
  const logFile = process.env.TEST_SERVER_LOG ?? 'test-results/api-server.log';
  const jwtSecret = process.env.JWT_SECRET || randomBytes(32).toString('base64url');
  let server: Awaited<ReturnType<typeof startServer>>;
  try {
    server = await startServer({
      databaseUrl: scratch?.url ?? 'memory://',
      logFile,
      // Only the simulator's own address (the server calls itself on 127.0.0.1) may send PayFast
      // ITNs, so a test can post one from 127.0.0.2 as an unknown source.
      // The suite's requests come from loopback: trusted as a proxy, so a test can speak for other clients
      // with X-Forwarded-For (tests/api/trusted-proxies.test.ts); without the header a request is loopback's.
      env: { PAYFAST_VALID_SOURCES: '127.0.0.1', JWT_SECRET: jwtSecret, TRUSTED_PROXIES: '127.0.0.1, ::1' },
    });
  } catch (error) {
    await scratch?.drop();
    throw error;
  }
  const database = scratch ? 'PostgreSQL' : 'in-memory PGlite';
  console.log(`API tests: server ${server.baseUrl} on ${database}; its log: ${logFile}`);
  if (server.health?.status !== 200) {
    console.warn(`API tests: GET /api/v1/health answered ${server.health?.status}: ${server.health?.body}`);
  }
  project.provide('baseUrl', server.baseUrl);
  project.provide('demoPassword', TEST_DEMO_PASSWORD);
  project.provide('databaseUrl', scratch?.url ?? 'memory://');
  project.provide('jwtSecret', jwtSecret);
  return async () => {
    await server.stop();
    await scratch?.drop();
  };
}

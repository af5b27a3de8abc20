import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { findPostgresBinDir, startPostgres } from '../../scripts/test-support/postgres.mjs';
import { startServer } from '../../scripts/test-support/server.mjs';

// Issue 28, item 7 (npm run bench:cluster found it): PostgreSQL restarting under a running server
// (an upgrade, a failover) closes every connection of its pool, idle ones and ones in use. The
// process must keep running, answer again once the database is back, and cache pages again.
// A PostgreSQL of its own, so the restart disturbs no other test; once, in the PostgreSQL pass.

const CAMPAIGN = 'langa-lions-u15-to-nationals';

describe.runIf(inject('databaseUrl').startsWith('postgres'))('PostgreSQL restarting under the server', () => {
  let postgres: Awaited<ReturnType<typeof startPostgres>>;
  let server: Awaited<ReturnType<typeof startServer>>;
  let exited = false;

  beforeAll(async () => {
    const binDir = findPostgresBinDir();
    if (!binDir) throw new Error('The PostgreSQL pass found no initdb/pg_ctl.');
    postgres = await startPostgres(binDir);
    server = await startServer({ databaseUrl: postgres.url, env: { DEMO_PASSWORD: inject('demoPassword') } });
    void server.exited.then(() => {
      exited = true;
    });
    expect(server.health?.status).toBe(200);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    postgres?.stop();
  });

  const get = (path: string) =>
    fetch(`${server.baseUrl}${path}`, { signal: AbortSignal.timeout(10_000) }).then(
      async (response) => ({
        status: response.status,
        cached: response.headers.get('x-page-cache') === 'hit',
        text: await response.text(),
      }),
      () => ({ status: 0, cached: false, text: '' }),
    );

  it('keeps serving: requests in flight may fail, the next ones are answered, and pages are cached again', async () => {
    // Pages cached, and connections in the pool, some of them in use when the database goes.
    await get(`/campaign/${CAMPAIGN}`);
    expect((await get(`/campaign/${CAMPAIGN}`)).cached).toBe(true);
    let reading = true;
    const failures: { status: number; retryAfter: string | null; text: string }[] = [];
    const readers = Array.from({ length: 4 }, async () => {
      while (reading) {
        const res = await fetch(`${server.baseUrl}/api/v1/campaigns/filter-campaigns/?pageNo=1&pageSize=12`, {
          signal: AbortSignal.timeout(10_000),
        }).catch(() => null);
        if (res && res.status !== 200)
          failures.push({
            status: res.status,
            retryAfter: res.headers.get('retry-after'),
            text: await res.text(),
          });
        else await res?.arrayBuffer();
      }
    });

    await postgres.restart('fast');

    await expect
      .poll(async () => (await get('/api/v1/ready')).status, { timeout: 30_000, interval: 100 })
      .toBe(200);
    reading = false;
    await Promise.all(readers);
    expect(exited).toBe(false);
    // A request the restart cut is told to try again (503, Retry-After), never an internal error.
    for (const failure of failures) {
      expect(failure.status, failure.text).toBe(503);
      expect(failure.retryAfter).toBe('5');
      expect(JSON.parse(failure.text).meta.message).toBe(
        'We lost touch with our database for a moment. Please try again in a few seconds.',
      );
    }
    // Reads and writes of the database work again (a login writes its refresh token).
    const login = await fetch(`${server.baseUrl}/api/v1/authentication/login/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'zanele.mokoena@letsema.test', password: inject('demoPassword') }),
    });
    expect(login.status).toBe(200);
    // Its cache listener is back: pages are kept again.
    await expect
      .poll(
        async () => {
          await get(`/campaign/${CAMPAIGN}`);
          return (await get(`/campaign/${CAMPAIGN}`)).cached;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(true);
    expect(exited).toBe(false);
  });
});

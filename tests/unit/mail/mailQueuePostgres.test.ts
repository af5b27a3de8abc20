import { randomUUID } from 'node:crypto';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPostgres } from '../../../scripts/test-support/postgres.mjs';
import { postgresBinDir, postgresMissing } from '../support/postgres';
import { prepareServerTestEnv } from '../support/serverEnv';

/**
 * Several server processes share one PostgreSQL, and each runs a mail worker (mail/worker.ts).
 * In-memory PGlite runs one statement at a time and cannot show a race: here two workers claim
 * from one PostgreSQL server through pools of their own, as two processes would.
 */

describe.skipIf(postgresMissing)('mail claims on PostgreSQL', { timeout: 120_000 }, () => {
  let testEnv: ReturnType<typeof prepareServerTestEnv> | undefined;
  let server: Awaited<ReturnType<typeof startPostgres>>;
  let secondPool: pg.Pool | undefined;
  let closeDb: () => Promise<void>;
  let modules: {
    db: typeof import('~/lib/server/db');
    schema: typeof import('~/lib/server/db/schema');
    send: typeof import('~/lib/server/mail/send');
    worker: typeof import('~/lib/server/mail/worker');
  };

  beforeAll(async () => {
    testEnv = prepareServerTestEnv();
    server = await startPostgres(postgresBinDir());
    vi.stubEnv('DATABASE_URL', server.url);
    modules = {
      db: await import('~/lib/server/db'),
      schema: await import('~/lib/server/db/schema'),
      send: await import('~/lib/server/mail/send'),
      worker: await import('~/lib/server/mail/worker'),
    };
    ({ closeDb } = modules.db);
    await modules.db.getDb();
    secondPool = new pg.Pool({ connectionString: server.url, max: 4 });
  }, 120_000);

  afterAll(async () => {
    server?.stop();
    await secondPool?.end().catch(() => undefined);
    await closeDb?.().catch(() => undefined);
    testEnv?.cleanup();
  });

  it('never send one mail twice when two processes claim at the same moment', async () => {
    const { getDb } = modules.db;
    const first = await getDb();
    const second = drizzle({ client: secondPool as pg.Pool, schema: modules.schema, casing: 'snake_case' });
    const tag = randomUUID().slice(0, 8);
    for (let i = 0; i < 60; i++)
      await modules.send.sendMail({
        to: `pg${i}.${tag}@example.co.za`,
        subject: `Mail ${i}`,
        text: 'x',
        html: 'x',
      });

    const delivered = new Map<string, string[]>();
    const deliverAs = (who: string) => async (mail: { id: string }) => {
      // A send takes a moment, as over SMTP: the other worker claims meanwhile.
      await new Promise((resolve) => setTimeout(resolve, 2));
      delivered.set(mail.id, [...(delivered.get(mail.id) ?? []), who]);
    };
    const policy = { retryBaseMs: 20, retryMaxMs: 40, maxAttempts: 3 };
    const one = modules.worker.createMailWorker({
      id: 'process-one',
      database: async () => first,
      deliver: deliverAs('one'),
      policy,
      batchSize: 5,
    });
    const two = modules.worker.createMailWorker({
      id: 'process-two',
      database: async () => second as unknown as typeof first,
      deliver: deliverAs('two'),
      policy,
      batchSize: 5,
    });
    await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);

    expect(delivered.size).toBe(60);
    for (const [id, by] of delivered) expect(by, id).toHaveLength(1);
    // Both took part: the claims shared the mail out rather than one waiting for the other.
    const senders = new Set([...delivered.values()].flat());
    expect(senders).toEqual(new Set(['one', 'two']));
    expect(await modules.worker.mailQueueDepth(first)).toEqual({ pending: 0, dead: 0 });
  });

  it('skips mail another process holds, and takes it once that process lets go', async () => {
    const first = await modules.db.getDb();
    const to = `held.${randomUUID().slice(0, 8)}@example.co.za`;
    await modules.send.sendMail({ to, subject: 'Held', text: 'x', html: 'x' });
    const other = new pg.Client({ connectionString: server.url });
    await other.connect();
    const sent: string[] = [];
    const worker = modules.worker.createMailWorker({
      id: 'waiting-one',
      database: async () => first,
      deliver: async (mail) => {
        sent.push(mail.recipient);
      },
    });
    try {
      // Another process in the middle of its claim holds the row.
      await other.query('begin');
      await other.query('select id from mail_queue where address = $1 for update', [to]);
      // Were the claim to wait for that row, this run would never end while it is held.
      await worker.runOnce();
      expect(sent).not.toContain(to);
      await other.query('rollback');
    } finally {
      await other.end();
    }
    await worker.runOnce();
    expect(sent).toEqual([to]);
  });
});

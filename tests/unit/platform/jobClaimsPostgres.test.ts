import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startPostgres } from '../../../scripts/test-support/postgres.mjs';
import { postgresBinDir, postgresMissing } from '../support/postgres';
import { prepareServerTestEnv } from '../support/serverEnv';

/**
 * Several server processes share one PostgreSQL, and each runs the background
 * jobs (platform/jobs.ts). In-memory PGlite has one connection, so it runs two
 * claims one after the other and cannot show a race: this file runs the donation
 * summaries' claim on a real PostgreSQL server, with connections of its own.
 */

// Accounts and campaigns are made through the services (argon2 and all): slow on a shared machine.
describe.skipIf(postgresMissing)('background job claims on PostgreSQL', { timeout: 120_000 }, () => {
  let testEnv: ReturnType<typeof prepareServerTestEnv> | undefined;
  let server: Awaited<ReturnType<typeof startPostgres>>;
  let fixtures: typeof import('../support/donationFixtures');
  let digests: typeof import('~/lib/server/donations/digests');
  let mail: typeof import('~/lib/server/mail/outbox');
  let closeDb: () => Promise<void>;

  beforeAll(async () => {
    testEnv = prepareServerTestEnv();
    server = await startPostgres(postgresBinDir());
    vi.stubEnv('DATABASE_URL', server.url);
    fixtures = await import('../support/donationFixtures');
    digests = await import('~/lib/server/donations/digests');
    mail = await import('~/lib/server/mail/outbox');
    ({ closeDb } = await import('~/lib/server/db'));
  }, 120_000);

  afterAll(async () => {
    // The server first: a claim stuck on a lock (the failure this file looks for) must not leave it running.
    server?.stop();
    await closeDb?.().catch(() => undefined);
    testEnv?.cleanup();
  });

  let clock = Date.now();
  const anHourLater = (): Date => {
    clock += 60 * 60 * 1000;
    return new Date(clock);
  };

  it('sends each due summary once when three processes run the job at the same moment', async () => {
    const campaigns = [];
    for (let i = 0; i < 4; i++) {
      const campaign = await fixtures.makeCampaign({ frequency: 2 });
      for (let d = 0; d <= i; d++) await fixtures.makeDonation(campaign);
      campaigns.push(campaign);
    }
    const now = anHourLater();
    const sent = await Promise.all([1, 2, 3].map(() => digests.sendDueDonationDigests(now)));
    expect(sent.reduce((a, b) => a + b, 0)).toBe(campaigns.length);
    for (const [i, campaign] of campaigns.entries()) {
      const mails = await mail.listOutbox({ to: campaign.ownerEmail });
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain(`received ${i + 1} donation`);
    }
  });

  it('skips a campaign another process is claiming, and sends it on the next run', async () => {
    const busy = await fixtures.makeCampaign({ frequency: 2 });
    const free = await fixtures.makeCampaign({ frequency: 2 });
    await fixtures.makeDonation(busy);
    await fixtures.makeDonation(free);
    // Another process, in the middle of its claim: it holds the campaign's row.
    const other = new pg.Client({ connectionString: server.url });
    await other.connect();
    try {
      await other.query('begin');
      await other.query('select id from campaigns where id = $1 for update', [busy.id]);
      // Were the claim to wait for that row, this run would never end while it is held.
      expect(await digests.sendDueDonationDigests(anHourLater())).toBe(1);
      expect(await mail.listOutbox({ to: free.ownerEmail })).toHaveLength(1);
      expect(await mail.listOutbox({ to: busy.ownerEmail })).toHaveLength(0);
      await other.query('rollback');
    } finally {
      await other.end();
    }
    expect(await digests.sendDueDonationDigests(anHourLater())).toBe(1);
    expect(await mail.listOutbox({ to: busy.ownerEmail })).toHaveLength(1);
  });
});

import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Currency, DonationStatus, RefundKind, RefundMethod } from '~/lib/enums';
import { whileMailIsRefused } from '../support/refuseMail';
import { prepareServerTestEnv } from '../support/serverEnv';

const testEnv = prepareServerTestEnv();
const { makeCampaign, makeDonation } = await import('../support/donationFixtures');
const { closeDb, getDb } = await import('~/lib/server/db');
const { campaigns, donations } = await import('~/lib/server/db/schema');
const { listOutbox } = await import('~/lib/server/mail/outbox');
const { sendDueDonationDigests } = await import('~/lib/server/donations/digests');
const { afterDonationSettled } = await import('~/lib/server/donations/mail');
const { bookLedgerEntry } = await import('~/lib/server/refunds/ledger');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/**
 * Each test leaves every digest campaign fully reported, so the counts that
 * sendDueDonationDigests returns belong to the test that runs it. Time moves
 * forward through `clock`: a digest stamps the `now` it was given.
 */
let clock = Date.now();
const later = (ms: number): Date => {
  clock += ms;
  return new Date(clock);
};

beforeAll(async () => {
  db = await getDb();
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

async function notifiedAt(ids: string[]): Promise<(Date | null)[]> {
  const rows = await db
    .select({ id: donations.id, at: donations.ownerNotifiedAt })
    .from(donations)
    .where(inArray(donations.id, ids));
  return ids.map((id) => rows.find((r) => r.id === id)?.at ?? null);
}

describe('daily summaries', () => {
  it('report each accepted donation once, a day apart', async () => {
    const campaign = await makeCampaign({ frequency: 2, name: 'Soup kitchen in Khayelitsha' });
    const { id: first } = await makeDonation(campaign, { displayName: 'Auntie Pat', comment: 'Sterkte!' });
    const { id: second } = await makeDonation(campaign, { amount: 250, anonymous: true });
    const { id: pending } = await makeDonation(campaign, { status: DonationStatus.Pending });
    // A settled donation of a daily campaign waits for the summary.
    await afterDonationSettled(first);
    expect(await listOutbox({ to: campaign.ownerEmail })).toHaveLength(0);

    expect(await sendDueDonationDigests(later(HOUR))).toBe(1);
    const [digest] = await listOutbox({ to: campaign.ownerEmail });
    expect(digest?.subject).toBe('Your daily donation summary for Soup kitchen in Khayelitsha');
    expect(digest?.text).toContain('received 2 donations totalling R 350.00');
    expect(digest?.text).toContain('It has now raised R 350.00 in all.');
    expect(digest?.text).toContain('Auntie Pat: R 100.00: “Sterkte!”');
    expect(digest?.text).toContain('Anonymous: R 250.00');
    const [firstAt, secondAt, pendingAt] = await notifiedAt([first, second, pending]);
    expect(firstAt).toBeInstanceOf(Date);
    expect(secondAt).toBeInstanceOf(Date);
    expect(pendingAt).toBeNull();

    // Nothing new: no mail, even much later.
    expect(await sendDueDonationDigests(later(2 * DAY))).toBe(0);

    const { id: third } = await makeDonation(campaign, { displayName: 'Sipho' });
    const [{ lastDigestAt } = { lastDigestAt: null }] = await db
      .select({ lastDigestAt: campaigns.lastDonationDigestAt })
      .from(campaigns)
      .where(eq(campaigns.id, campaign.id));
    // The period runs from the last summary sent, not from the empty run.
    clock = (lastDigestAt?.getTime() ?? 0) + 23 * HOUR;
    expect(await sendDueDonationDigests(new Date(clock))).toBe(0);
    expect(await sendDueDonationDigests(later(2 * HOUR))).toBe(1);
    const mails = await listOutbox({ to: campaign.ownerEmail });
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain('received 1 donation totalling R 100.00');
    expect(mails[0]?.text).toContain('Sipho: R 100.00');
    expect(mails[0]?.text).not.toContain('Auntie Pat');
    expect(mails[0]?.text).toContain('It has now raised R 450.00 in all.');
    expect((await notifiedAt([third]))[0]).toBeInstanceOf(Date);
    expect(await sendDueDonationDigests(later(2 * DAY))).toBe(0);
  });

  it('list a gift refunded before the summary with what went back, and the total raised after it', async () => {
    const campaign = await makeCampaign({ frequency: 2 });
    const { id: refunded } = await makeDonation(campaign, { displayName: 'Thandi', amount: 300 });
    await makeDonation(campaign, { displayName: 'Bongani', amount: 200 });
    await db.transaction((tx) =>
      bookLedgerEntry(tx, {
        donationId: refunded,
        kind: RefundKind.Refund,
        method: RefundMethod.Manual,
        amount: 12_000,
        reason: 'Gave too much.',
        idempotencyKey: `digest-${refunded}`,
      }),
    );
    expect(await sendDueDonationDigests(later(HOUR))).toBe(1);
    const [digest] = await listOutbox({ to: campaign.ownerEmail });
    expect(digest?.text).toContain(
      'received 2 donations totalling R 500.00. R 120.00 of it has since been refunded.',
    );
    expect(digest?.text).toContain('It has now raised R 380.00 in all.');
    expect(digest?.text).toContain('Thandi: R 300.00 (R 120.00 refunded)');
    expect(digest?.text).toContain('Bongani: R 200.00');
  });

  it('are sent once when two runs race', async () => {
    const campaign = await makeCampaign({ frequency: 2 });
    for (let i = 0; i < 3; i++) await makeDonation(campaign);
    const now = later(HOUR);
    const sent = await Promise.all([sendDueDonationDigests(now), sendDueDonationDigests(now)]);
    expect(sent[0] + sent[1]).toBe(1);
    const mails = await listOutbox({ to: campaign.ownerEmail });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('received 3 donations');
  });

  it('list the latest 20 donations and count the rest, in the campaign currency', async () => {
    const campaign = await makeCampaign({ frequency: 2, currencyId: Currency.Dollar });
    const start = Date.now() - DAY;
    for (let i = 1; i <= 22; i++) {
      await makeDonation(campaign, {
        displayName: `Donor ${i}`,
        currencyId: Currency.Rand,
        amount: 180,
        createdAt: new Date(start + i * 60_000),
      });
    }
    expect(await sendDueDonationDigests(later(HOUR))).toBe(1);
    const [digest] = await listOutbox({ to: campaign.ownerEmail });
    expect(digest?.text).toContain('received 22 donations totalling $ 220.00');
    expect(digest?.text).toContain('Donor 22: $ 10.00 (R 180.00)');
    expect(digest?.text).toContain('Donor 3: $ 10.00');
    expect(digest?.text).not.toContain('Donor 2:');
    expect(digest?.text).not.toContain('Donor 1:');
    expect(digest?.text).toContain('2 earlier donations are counted');
  });

  it('escape what donors wrote', async () => {
    const campaign = await makeCampaign({ frequency: 2 });
    await makeDonation(campaign, {
      displayName: '<b>Bold</b>',
      comment: '<a href="https://evil.test">win</a>',
    });
    expect(await sendDueDonationDigests(later(HOUR))).toBe(1);
    const [digest] = await listOutbox({ to: campaign.ownerEmail });
    expect(digest?.html).not.toMatch(/<b>Bold|<a href="https:\/\/evil/);
    expect(digest?.html).toContain('&lt;b&gt;Bold&lt;/b&gt;');
  });

  it('are tried again on the next run when their mail cannot be queued', async () => {
    const campaign = await makeCampaign({ frequency: 2 });
    const { id } = await makeDonation(campaign);
    const quiet = [vi.spyOn(console, 'error'), vi.spyOn(console, 'warn')].map((s) =>
      s.mockImplementation(() => {}),
    );
    try {
      await whileMailIsRefused(await getDb(), async () => {
        expect(await sendDueDonationDigests(later(HOUR))).toBe(0);
        expect((await notifiedAt([id]))[0]).toBeNull();
      });
    } finally {
      for (const spy of quiet) spy.mockRestore();
    }
    expect(await sendDueDonationDigests(later(HOUR))).toBe(1);
    expect(await listOutbox({ to: campaign.ownerEmail })).toHaveLength(1);
  });
});

describe('weekly summaries', () => {
  it('wait 7 days after the last one', async () => {
    const campaign = await makeCampaign({ frequency: 3, name: 'Library books' });
    await makeDonation(campaign);
    expect(await sendDueDonationDigests(later(HOUR))).toBe(1);
    const sentAt = clock;
    const [first] = await listOutbox({ to: campaign.ownerEmail });
    expect(first?.subject).toBe('Your weekly donation summary for Library books');

    const { id: next } = await makeDonation(campaign, { displayName: 'Week two' });
    expect(await sendDueDonationDigests(later(DAY))).toBe(0);
    clock = sentAt + 7 * DAY - HOUR;
    expect(await sendDueDonationDigests(new Date(clock))).toBe(0);
    expect((await notifiedAt([next]))[0]).toBeNull();
    expect(await sendDueDonationDigests(later(HOUR))).toBe(1);
    const mails = await listOutbox({ to: campaign.ownerEmail });
    expect(mails).toHaveLength(2);
    expect(mails[0]?.text).toContain('Week two: R 100.00');
  });
});

describe('campaigns that never mail', () => {
  it('get no summary and their donations stay unreported', async () => {
    const never = await makeCampaign({ frequency: 0 });
    const unset = await makeCampaign({ frequency: null });
    const ids = [(await makeDonation(never)).id, (await makeDonation(unset)).id];
    for (const id of ids) await afterDonationSettled(id);
    expect(await sendDueDonationDigests(later(30 * DAY))).toBe(0);
    expect(await listOutbox({ to: never.ownerEmail })).toHaveLength(0);
    expect(await listOutbox({ to: unset.ownerEmail })).toHaveLength(0);
    expect(await notifiedAt(ids)).toEqual([null, null]);
  });

  it('an owner told of each donation gets no summary as well', async () => {
    const each = await makeCampaign({ frequency: 1 });
    const { id } = await makeDonation(each);
    await afterDonationSettled(id);
    expect(await sendDueDonationDigests(later(30 * DAY))).toBe(0);
    expect(await listOutbox({ to: each.ownerEmail })).toHaveLength(1);
  });
});

describe('startBackgroundJobs', () => {
  it('is off in the unit tests and starts once when BACKGROUND_JOBS=true', async () => {
    const jobs = await import('~/lib/server/platform/jobs');
    expect(jobs.startBackgroundJobs()).toBe(false);

    vi.useFakeTimers();
    vi.stubEnv('BACKGROUND_JOBS', 'true');
    vi.resetModules();
    try {
      const fresh = await import('~/lib/server/platform/jobs');
      expect(fresh.startBackgroundJobs()).toBe(true);
      expect(fresh.startBackgroundJobs()).toBe(false);
      // The first run waits a minute after start.
      expect(vi.getTimerCount()).toBe(1);
    } finally {
      vi.clearAllTimers();
      vi.useRealTimers();
      vi.stubEnv('BACKGROUND_JOBS', '');
    }
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareServerTestEnv } from '../support/serverEnv';

// Issue 26: the quiet-week nudge on in-memory PGlite, with the clock moved (over HTTP time cannot
// move): one per quiet spell, a later gift starts a new one; and the milestone rules.
// tests/api/milestones.test.ts proves the mails once under concurrency on both databases.

const testEnv = prepareServerTestEnv();
const { makeCampaign, makeDonation } = await import('../support/donationFixtures');
const { closeDb, getDb } = await import('~/lib/server/db');
const { campaigns, users } = await import('~/lib/server/db/schema');
const { listOutbox } = await import('~/lib/server/mail/outbox');
const { sendQuietNudges, milestonesReached, milestoneToMail } = await import(
  '~/lib/server/milestones/milestones'
);
const { readOwnerMailOptOut, signOwnerMailOptOut } = await import('~/lib/server/milestones/milestoneMail');

const DAY = 24 * 60 * 60 * 1000;
const sast = (moment: string): Date => new Date(`${moment}+02:00`);

beforeAll(async () => {
  await getDb();
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

describe('the quiet-week nudge', () => {
  it('comes once per quiet spell, with the WhatsApp link and a tip, and again after a later gift goes quiet', async () => {
    const db = await getDb();
    const campaign = await makeCampaign({
      frequency: 0,
      name: 'Quiet Harbour soup kitchen',
      milestoneMails: true,
    });
    // Launched long ago, its one gift on 1 October.
    await db
      .update(campaigns)
      .set({ launchedAt: sast('2026-09-01T09:00:00') })
      .where(eq(campaigns.id, campaign.id));
    await makeDonation(campaign, { amount: 150, settledAt: sast('2026-10-01T12:00:00') });
    const nudges = async () =>
      (await listOutbox({ to: campaign.ownerEmail })).filter((m) => m.subject.includes('No donations to'));

    // Six days on: not yet. Seven: one nudge, however often the job runs.
    await sendQuietNudges(sast('2026-10-07T10:00:00'));
    expect(await nudges()).toHaveLength(0);
    await Promise.all([
      sendQuietNudges(sast('2026-10-08T10:00:00')),
      sendQuietNudges(sast('2026-10-08T10:00:00')),
    ]);
    await sendQuietNudges(sast('2026-10-20T10:00:00'));
    const [nudge, ...more] = await nudges();
    expect(more).toHaveLength(0);
    expect(nudge?.subject).toBe('No donations to Quiet Harbour soup kitchen for 7 days');
    expect(nudge?.text).toContain('Tip: post an update with a photo');
    expect(
      nudge?.links.some(
        (l) => l.startsWith('https://wa.me/') && decodeURIComponent(l).includes('?ref=whatsapp'),
      ),
    ).toBe(true);

    // A gift on 1 November, then quiet again: a new spell, a new nudge.
    await makeDonation(campaign, { amount: 100, settledAt: sast('2026-11-01T12:00:00') });
    await sendQuietNudges(sast('2026-11-09T10:00:00'));
    expect(await nudges()).toHaveLength(2);
  });

  it('is not sent to an owner who turned it off', async () => {
    const db = await getDb();
    const campaign = await makeCampaign({
      frequency: 0,
      name: 'Muted Mountain library',
      milestoneMails: true,
    });
    await db
      .update(campaigns)
      .set({ launchedAt: sast('2026-08-01T09:00:00') })
      .where(eq(campaigns.id, campaign.id));
    await db
      .update(users)
      .set({ ownerMailOptOuts: ['quiet'] })
      .where(eq(users.email, campaign.ownerEmail));
    await sendQuietNudges(new Date(Date.now() + 30 * DAY));
    expect(
      (await listOutbox({ to: campaign.ownerEmail })).filter((m) => m.subject.includes('No donations')),
    ).toHaveLength(0);
  });
});

describe('milestones', () => {
  it('are the first gift (only for the campaign’s earliest) and each quarter of the target', () => {
    expect(milestonesReached({ donations: 1, raised: 60, target: 100 }, true)).toEqual([
      'first',
      'target-25',
      'target-50',
    ]);
    expect(milestonesReached({ donations: 9, raised: 60, target: 100 }, false)).toEqual([
      'target-25',
      'target-50',
    ]);
    expect(milestonesReached({ donations: 3, raised: 999, target: 0 }, false)).toEqual([]);
    expect(milestonesReached({ donations: 3, raised: 24.99, target: 100 }, false)).toEqual([]);
  });

  it('mail the highest one claimed that the owner still wants', () => {
    const all = ['first', 'target-25', 'target-50'];
    expect(milestoneToMail(all, () => true)).toBe('target-50');
    expect(milestoneToMail(all, (kind) => kind !== 'targets')).toBe('first');
    expect(milestoneToMail(['target-25'], (kind) => kind !== 'targets')).toBeNull();
  });

  it('have opt-out links that cannot be forged', () => {
    const token = signOwnerMailOptOut('7f8a1c2e-0000-4000-8000-000000000001', 'quiet');
    expect(readOwnerMailOptOut(token)).toEqual({
      userId: '7f8a1c2e-0000-4000-8000-000000000001',
      kind: 'quiet',
    });
    expect(readOwnerMailOptOut(token.replace('.quiet.', '.first.'))).toBeNull();
    expect(readOwnerMailOptOut(`${token}x`)).toBeNull();
  });
});

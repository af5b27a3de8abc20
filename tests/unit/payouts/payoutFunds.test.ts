import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DonationStatus, PayoutStatus } from '~/lib/enums';
import { prepareServerTestEnv } from '../support/serverEnv';

// The fee part of the funds-available rule (docs/api/payouts.md, "Fees"). No API call sets a
// campaign's admin fee rate yet, so the ledger is written here directly.
const testEnv = prepareServerTestEnv();
const { closeDb, getDb } = await import('~/lib/server/db');
const { campaigns, campaignSettings, donations, payoutItems, payouts, users } = await import(
  '~/lib/server/db/schema'
);
const { feesCentsSql, fundsAvailableCentsSql } = await import('~/lib/server/payouts/funds');
const { listCampaignDonorsPage } = await import('~/lib/server/donations/ownerDonations');
const { ownerDonationsCsv } = await import('~/lib/server/donations/ownerDonationsCsv');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;
let ownerId: string;

beforeAll(async () => {
  db = await getDb();
  const [row] = await db
    .insert(users)
    .values({
      email: `fees-${randomUUID()}@example.test`,
      firstName: 'Fee',
      lastName: 'Test',
      emailConfirmed: true,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('no user row');
  ownerId = row.id;
}, 180_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

async function campaignWith(isAdminFee: boolean, adminFeeRate: number): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(campaigns)
    .values({ ownerId, name: 'Fees', url: `fees-${tag}`, shortUrl: tag })
    .returning({ id: campaigns.id });
  if (!row) throw new Error('no campaign row');
  await db.insert(campaignSettings).values({ campaignId: row.id, isAdminFee, adminFeeRate });
  return row.id;
}

async function gift(
  campaignId: string,
  cents: number,
  adminFeeCovered: boolean,
  status: number = DonationStatus.Accepted,
) {
  await db.insert(donations).values({
    campaignId,
    amount: cents,
    campaignAmount: cents,
    tipAmount: adminFeeCovered ? Math.round(cents * 0.05) : 0,
    adminFeeCovered,
    status,
    firstName: 'Thabo',
    lastName: 'Donor',
    email: 'thabo@example.test',
    reference: `LTS-${randomUUID()}`,
  });
}

async function fundsOf(campaignId: string): Promise<{ fees: number; available: number }> {
  const [row] = await db
    .select({ fees: feesCentsSql, available: fundsAvailableCentsSql })
    .from(campaigns)
    .where(sql`"campaigns"."id" = ${campaignId}`);
  if (!row) throw new Error('no campaign');
  return row;
}

describe('funds available with an admin fee', () => {
  it('keeps the fee of the donations whose donor did not cover it, rounded per donation', async () => {
    const id = await campaignWith(true, 5);
    await gift(id, 10_000, false); // R 100: fee R 5.00
    await gift(id, 1_050, false); // R 10.50: fee 52.5 cents → 53
    await gift(id, 20_000, true); // covered on top: nothing kept
    await gift(id, 50_000, false, DonationStatus.Pending); // not received: not counted
    // 310.50 received − 5.53 fees = 304.97
    expect(await fundsOf(id)).toEqual({ fees: 553, available: 30_497 });

    const [pending] = await db
      .insert(payouts)
      .values({ campaignId: id, amount: 10_000, status: PayoutStatus.Pending })
      .returning({ id: payouts.id });
    const [declined] = await db
      .insert(payouts)
      .values({ campaignId: id, amount: 5_000, status: PayoutStatus.Declined })
      .returning({ id: payouts.id });
    if (!pending || !declined) throw new Error('no payout rows');
    await db.insert(payoutItems).values([
      { payoutId: pending.id, campaignId: id, amount: 10_000 },
      { payoutId: declined.id, campaignId: id, amount: 5_000 },
    ]);
    // A declined payout gives its amount back.
    expect((await fundsOf(id)).available).toBe(20_497);
  });

  it('keeps nothing when the campaign charges no fee (off, or a rate of 0)', async () => {
    for (const [on, rate] of [
      [false, 5],
      [true, 0],
    ] as const) {
      const id = await campaignWith(on, rate);
      await gift(id, 10_000, false);
      expect(await fundsOf(id)).toEqual({ fees: 0, available: 10_000 });
    }
  });
});

describe('the owner’s donation list (“Who gave”) with an admin fee', () => {
  it('shows each donation’s fee and net as the ledger keeps them, and totals equal to the funds', async () => {
    const id = await campaignWith(true, 5);
    await gift(id, 10_000, false);
    await gift(id, 1_050, false);
    await gift(id, 20_000, true);
    await gift(id, 50_000, false, DonationStatus.Pending);
    const owner = {
      id: ownerId,
      firstName: 'Fee',
      lastName: 'Test',
      email: 'fees@example.test',
      msisdn: null,
      location: null,
      active: true,
      emailConfirmed: true,
      hasOrganization: false,
      isChampion: false,
      role: 'user' as const,
    };
    const page = await listCampaignDonorsPage(owner, id, { pageNo: 1, pageSize: 10 });
    const rows = [...page.items]
      .sort((a, b) => a.amount - b.amount)
      .map((item) => [item.amount, item.feeAmount, item.netAmount]);
    expect(rows).toEqual([
      [10.5, 0.53, 9.97],
      [100, 5, 95],
      [200, 0, 200],
    ]);
    const ledger = await fundsOf(id);
    expect(page.totals).toEqual([
      {
        currency: { symbol: 'R', ticker: 'ZAR' },
        count: 3,
        gross: 310.5,
        refunded: 0,
        fees: ledger.fees / 100,
        net: ledger.available / 100,
      },
    ]);
    expect(ownerDonationsCsv(page.items)).toContain(',10.50,0.00,0.53,9.97,ZAR,Paid,');
  });
});

import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DonationStatus, PayoutStatus, RefundKind, RefundMethod, RefundStatus } from '~/lib/enums';
import { prepareServerTestEnv } from '../support/serverEnv';

// Issue 25, item 2's read side: every total follows the refund ledger. The ledger is written with
// its one writer (bookLedgerEntry), then every view is compared with a recount of the rows.
const testEnv = prepareServerTestEnv();
const { closeDb, getDb } = await import('~/lib/server/db');
const {
  campaigns,
  campaignSettings,
  donationRefunds,
  donations,
  organisations,
  payoutItems,
  payouts,
  users,
} = await import('~/lib/server/db/schema');
const { balanceCentsSql, feesCentsSql, fundsAvailableCentsSql, owedCentsSql } = await import(
  '~/lib/server/payouts/funds'
);
const { raisedCentsSql, uniqueDonorsSql } = await import('~/lib/server/campaigns/cards');
const { bookLedgerEntry, settleLedgerEntry } = await import('~/lib/server/refunds/ledger');
const { publicDonationsOf, topDonationsOf, campaignPageDonations } = await import(
  '~/lib/server/donations/publicLists'
);
const { listCampaignDonorsPage } = await import('~/lib/server/donations/ownerDonations');
const { ownerDonationsCsv } = await import('~/lib/server/donations/ownerDonationsCsv');
const { userDonationsPage } = await import('~/lib/server/donations/lists');
const { loadOrganisationTotalsCents } = await import('~/lib/server/organisations/totals');
const { loadCampaignFunds } = await import('~/lib/server/payouts/funding');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;
let ownerId: string;
let donorId: string;

const OWNER = {
  firstName: 'Refund',
  lastName: 'Owner',
  email: 'refund-owner@example.test',
  msisdn: null,
  location: null,
  active: true,
  emailConfirmed: true,
  hasOrganization: false,
  isChampion: false,
  role: 'user' as const,
};

async function user(tag: string): Promise<string> {
  const [row] = await db
    .insert(users)
    .values({ email: `${tag}-${randomUUID()}@example.test`, firstName: 'Refund', lastName: tag })
    .returning({ id: users.id });
  if (!row) throw new Error('no user row');
  return row.id;
}

beforeAll(async () => {
  db = await getDb();
  [ownerId, donorId] = await Promise.all([user('owner'), user('donor')]);
}, 180_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

async function campaignWith(adminFeeRate: number, organisationId: string | null = null): Promise<string> {
  const tag = randomUUID().slice(0, 8);
  const [row] = await db
    .insert(campaigns)
    .values({ ownerId, organisationId, name: `Refunds ${tag}`, url: `refunds-${tag}`, shortUrl: tag })
    .returning({ id: campaigns.id });
  if (!row) throw new Error('no campaign row');
  await db
    .insert(campaignSettings)
    .values({ campaignId: row.id, isAdminFee: adminFeeRate > 0, adminFeeRate });
  return row.id;
}

/** An accepted gift of `cents` (and a tip of `tip` cents) from `email`; the donor's own when `mine`. */
async function gift(
  campaignId: string,
  cents: number,
  email: string,
  tip = 0,
  mine = false,
): Promise<string> {
  const [row] = await db
    .insert(donations)
    .values({
      campaignId,
      userId: mine ? donorId : null,
      amount: cents,
      campaignAmount: cents,
      tipAmount: tip,
      status: DonationStatus.Accepted,
      firstName: 'Thandi',
      lastName: email.split('@')[0] ?? 'Donor',
      email,
      reference: `LTS-${randomUUID()}`,
    })
    .returning({ id: donations.id });
  if (!row) throw new Error('no donation row');
  return row.id;
}

/** One ledger row through the ledger's one writer; `amount` omitted: all that remains (with the tip). */
function book(
  donationId: string,
  kind: RefundKind,
  amount?: number,
  status: RefundStatus = RefundStatus.Completed,
) {
  return db.transaction(async (tx) =>
    bookLedgerEntry(tx, {
      donationId,
      kind,
      method: kind === RefundKind.Refund ? RefundMethod.Manual : RefundMethod.Dispute,
      ...(amount === undefined ? {} : { amount }),
      reason: 'Test refund.',
      idempotencyKey: randomUUID(),
      status,
    }),
  );
}

async function paidOut(campaignId: string, cents: number, status: number = PayoutStatus.Paid): Promise<void> {
  const [payout] = await db
    .insert(payouts)
    .values({ campaignId, amount: cents, status })
    .returning({ id: payouts.id });
  if (!payout) throw new Error('no payout row');
  await db.insert(payoutItems).values({ payoutId: payout.id, campaignId, amount: cents });
}

interface Recount {
  raised: number;
  fees: number;
  donors: number;
  net: Map<string, number>;
}

/** What the rows say, counted here: each gift less its counting ledger rows (reversals give back). */
async function recount(campaignId: string, rate: number): Promise<Recount> {
  const gifts = await db.select().from(donations).where(eq(donations.campaignId, campaignId));
  const rows = await db.select().from(donationRefunds).where(eq(donationRefunds.campaignId, campaignId));
  const net = new Map<string, number>();
  for (const g of gifts) {
    const taken = rows
      .filter((r) => r.donationId === g.id && r.status !== RefundStatus.Failed)
      .reduce((sum, r) => sum + (r.kind === RefundKind.ChargebackReversal ? -1 : 1) * r.campaignAmount, 0);
    net.set(g.id, g.campaignAmount - taken);
  }
  const values = [...net.values()];
  const emails = new Set(gifts.filter((g) => (net.get(g.id) ?? 0) > 0).map((g) => g.email.toLowerCase()));
  return {
    raised: values.reduce((a, b) => a + b, 0),
    fees: values.reduce((sum, v) => sum + Math.round((v * rate) / 100), 0),
    donors: emails.size,
    net,
  };
}

async function campaignFigures(campaignId: string) {
  const [row] = await db
    .select({
      raised: raisedCentsSql,
      counter: campaigns.raisedCents,
      donors: uniqueDonorsSql,
      fees: feesCentsSql,
      balance: balanceCentsSql,
      available: fundsAvailableCentsSql,
      owed: owedCentsSql,
    })
    .from(campaigns)
    .where(sql`"campaigns"."id" = ${campaignId}`);
  if (!row) throw new Error('no campaign');
  return { ...row, counter: Number(row.counter) };
}

describe('every total follows the refund ledger', () => {
  it('raised, fees, available, donors, the lists, the owner’s list and CSV equal a recount after refunds', async () => {
    const id = await campaignWith(5);
    const partly = await gift(id, 40_000, 'lerato@example.test', 2_000, true); // R 400, R 20 tip
    const whole = await gift(id, 30_000, 'sipho@example.test', 1_500, true); // R 300, refunded in full
    const untouched = await gift(id, 20_000, 'Lerato@example.test'); // the same donor, other case
    const disputed = await gift(id, 10_000, 'ayanda@example.test'); // a chargeback, later won back
    const lost = await gift(id, 5_000, 'naledi@example.test'); // a chargeback, lost
    const failed = await gift(id, 7_000, 'kabelo@example.test'); // a refund the gateway refused

    await book(partly, RefundKind.Refund, 15_000);
    const all = await book(whole, RefundKind.Refund);
    expect(all.row).toMatchObject({ amount: 30_000, tipAmount: 1_500, campaignAmount: 30_000 });
    await book(disputed, RefundKind.Chargeback);
    await book(disputed, RefundKind.ChargebackReversal, 10_000);
    await book(lost, RefundKind.Chargeback);
    const refused = await book(failed, RefundKind.Refund, undefined, RefundStatus.Pending);
    await db.transaction((tx) =>
      settleLedgerEntry(tx, refused.row.id, { status: RefundStatus.Failed, failure: 'Refused.' }),
    );

    const expected = await recount(id, 5);
    // 250 + 0 + 200 + 100 + 0 + 70 = R 620; the fee is kept on what remains of each gift only.
    expect(expected.raised).toBe(62_000);
    const figures = await campaignFigures(id);
    expect(figures).toEqual({
      raised: expected.raised,
      counter: expected.raised,
      donors: expected.donors,
      fees: expected.fees,
      balance: expected.raised - expected.fees,
      available: expected.raised - expected.fees,
      owed: 0,
    });
    // lerato (twice, any case), ayanda, kabelo: sipho and naledi got everything back.
    expect(figures.donors).toBe(3);
    expect(figures.fees).toBe(1_250 + 1_000 + 500 + 350);

    // The public lists: a gift refunded in full leaves them; the rest show what remains.
    const listed = await publicDonationsOf(id, { pageNo: 1, pageSize: 20 });
    expect(listed.paginationMetadata.totalCount).toBe(4);
    expect(new Map(listed.items.map((d) => [d.id, Math.round(d.campaignAmount * 100)]))).toEqual(
      new Map([...expected.net].filter(([, cents]) => cents > 0)),
    );
    expect((await topDonationsOf(id, 3)).map((d) => [d.id, d.campaignAmount])).toEqual([
      [partly, 250],
      [untouched, 200],
      [disputed, 100],
    ]);
    const page = await campaignPageDonations(id);
    expect(page.recentDonations.map((d) => d.id)).not.toContain(whole);
    expect(page.recentDonations.map((d) => d.id)).not.toContain(lost);
    expect(page.recentDonations).toHaveLength(4);

    // The owner's list keeps every gift with what went back; its totals equal the funds.
    const owners = await listCampaignDonorsPage({ ...OWNER, id: ownerId }, id, { pageNo: 1, pageSize: 20 });
    const byId = new Map(owners.items.map((d) => [d.id, d]));
    expect(byId.get(partly)).toMatchObject({
      amount: 400,
      refundedAmount: 150,
      feeAmount: 12.5,
      netAmount: 237.5,
    });
    expect(byId.get(whole)).toMatchObject({ amount: 300, refundedAmount: 300, feeAmount: 0, netAmount: 0 });
    expect(byId.get(disputed)).toMatchObject({ refundedAmount: 0, netAmount: 95 });
    expect(byId.get(failed)).toMatchObject({ refundedAmount: 0, netAmount: 66.5 });
    expect(owners.totals).toEqual([
      {
        currency: { symbol: 'R', ticker: 'ZAR' },
        count: 6,
        gross: 1_120,
        refunded: 500,
        fees: expected.fees / 100,
        net: figures.available / 100,
      },
    ]);
    const csv = ownerDonationsCsv(owners.items);
    expect(csv.split('\r\n')[0]).toContain('Amount,Refunded,Fee,Net');
    expect(csv).toContain(',400.00,150.00,12.50,237.50,ZAR,');
    expect(csv).toContain(',300.00,300.00,0.00,0.00,ZAR,');

    // My Donations: "Partly refunded" and "Refunded", in the donation's currency, the tip with a whole refund.
    const mine = await userDonationsPage(eq(donations.userId, donorId), { pageNo: 1, pageSize: 20 });
    const refunded = new Map(mine.items.map(({ donation }) => [donation.id, donation.refunded]));
    expect(refunded.get(partly)).toEqual({ amount: 150, tipAmount: 0, whole: false });
    expect(refunded.get(whole)).toEqual({ amount: 300, tipAmount: 15, whole: true });
  });

  it('a refund after a payout leaves the campaign owing; funds available never fall below 0', async () => {
    const id = await campaignWith(0);
    const first = await gift(id, 50_000, 'thabo@example.test');
    await gift(id, 30_000, 'zola@example.test');
    await paidOut(id, 60_000);
    await paidOut(id, 10_000, PayoutStatus.Declined); // gives its amount back
    expect(await campaignFigures(id)).toMatchObject({
      raised: 80_000,
      balance: 20_000,
      available: 20_000,
      owed: 0,
    });

    await book(first, RefundKind.Refund);
    expect(await campaignFigures(id)).toMatchObject({
      raised: 30_000,
      counter: 30_000,
      balance: -30_000,
      available: 0,
      owed: 30_000,
    });
    const [funds] = await loadCampaignFunds(sql`"campaigns"."id" = ${id}`);
    expect(funds).toMatchObject({ received: 30_000, available: 0, paidOut: 60_000, owed: 30_000 });

    // A new gift settles part of the debt; the campaign still owes the rest and has nothing available.
    await gift(id, 10_000, 'thabo@example.test');
    expect(await campaignFigures(id)).toMatchObject({ balance: -20_000, available: 0, owed: 20_000 });
  });

  it("an organisation's totals follow its campaigns' ledgers", async () => {
    const tag = randomUUID().slice(0, 8);
    const [org] = await db
      .insert(organisations)
      .values({ legalName: `Refund Trust ${tag}`, url: `refund-trust-${tag}` })
      .returning({ id: organisations.id });
    if (!org) throw new Error('no organisation row');
    const a = await campaignWith(0, org.id);
    const b = await campaignWith(0, org.id);
    const inA = await gift(a, 20_000, 'one@example.test');
    await gift(a, 5_000, 'two@example.test');
    const inB = await gift(b, 15_000, 'three@example.test');
    await paidOut(b, 10_000);
    await book(inA, RefundKind.Refund, 5_000);
    await book(inB, RefundKind.Refund); // B owes R 100: counted as nothing available, never below 0

    const [ra, rb] = await Promise.all([recount(a, 0), recount(b, 0)]);
    expect(await loadOrganisationTotalsCents(org.id)).toMatchObject({
      received: ra.raised + rb.raised,
      paidOut: 10_000,
      available: ra.raised,
    });
    expect((await campaignFigures(b)).owed).toBe(10_000);
  });
});

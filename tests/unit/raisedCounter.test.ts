import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DonationStatus } from '~/lib/enums';
import { prepareServerTestEnv } from './support/serverEnv';

// campaigns.raised_cents orders search by money raised (migration 0007). It is kept by triggers on
// donations; whatever happens to a donation, it must equal a recount from the ledger.
const testEnv = prepareServerTestEnv();
vi.stubEnv('SEED_DEMO', 'true');
const { closeDb, getDb } = await import('~/lib/server/db');
const { sql } = await import('drizzle-orm');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Campaigns whose kept counter differs from the sum of their accepted donations. */
function drifted(): Promise<{ id: string; kept: string; ledger: string }[]> {
  return rows(sql`
    select c.id, c.raised_cents::text as kept, coalesce(sum(d.campaign_amount), 0)::text as ledger
    from campaigns c left join donations d on d.campaign_id = c.id and d.status = ${DonationStatus.Accepted}
    group by c.id having c.raised_cents <> coalesce(sum(d.campaign_amount), 0)`);
}

async function donationWith(status: number): Promise<{ id: string; campaign_id: string }> {
  const [row] = await rows<{ id: string; campaign_id: string }>(
    sql`select id, campaign_id from donations where status = ${status} order by created_at limit 1`,
  );
  if (!row) throw new Error(`no demo donation with status ${status}`);
  return row;
}

// Opening the database migrates it and books the demo data: seconds on a busy machine.
beforeAll(async () => {
  db = await getDb();
}, 120_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

describe("a campaign's kept raised total", () => {
  it('matches the ledger after the demo data was booked', async () => {
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from campaigns where raised_cents > 0`,
    );
    expect(n).toBeGreaterThan(0);
    expect(await drifted()).toEqual([]);
  });

  it('follows a donation accepted, corrected, refused, moved and deleted', async () => {
    const pending = await donationWith(DonationStatus.Pending);
    await db.execute(sql`update donations set status = ${DonationStatus.Accepted} where id = ${pending.id}`);
    expect(await drifted()).toEqual([]);
    await db.execute(
      sql`update donations set campaign_amount = campaign_amount + 1234 where id = ${pending.id}`,
    );
    expect(await drifted()).toEqual([]);

    const accepted = await donationWith(DonationStatus.Accepted);
    await db.execute(sql`update donations set status = ${DonationStatus.Rejected} where id = ${accepted.id}`);
    expect(await drifted()).toEqual([]);

    const [other] = await rows<{ id: string }>(
      sql`select id from campaigns where id <> ${pending.campaign_id} order by created_at limit 1`,
    );
    await db.execute(sql`update donations set campaign_id = ${other?.id} where id = ${pending.id}`);
    expect(await drifted()).toEqual([]);

    await db.execute(sql`delete from donations where id = ${pending.id}`);
    expect(await drifted()).toEqual([]);
  });
});

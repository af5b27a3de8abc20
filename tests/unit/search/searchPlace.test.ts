import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareServerTestEnv } from '../support/serverEnv';

// Search's place filter reads campaigns.search_city and search_province (migration 0018): the city
// and province of the campaign's address, copied by a trigger on campaign_addresses. Whatever
// happens to an address, the copy must equal it.
const testEnv = prepareServerTestEnv();
vi.stubEnv('SEED_DEMO', 'true');
const { closeDb, getDb } = await import('~/lib/server/db');
const { sql } = await import('drizzle-orm');

type Db = Awaited<ReturnType<typeof getDb>>;
let db: Db;

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Campaigns whose copy differs from their address (or is set without one). */
function drifted(): Promise<{ id: string }[]> {
  return rows(sql`
    select c.id from campaigns c left join campaign_addresses a on a.campaign_id = c.id
    where c.search_city is distinct from a.city or c.search_province is distinct from a.province`);
}

beforeAll(async () => {
  db = await getDb();
}, 120_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

describe("a campaign's copy of its city and province", () => {
  it('matches the addresses after the demo data was booked', async () => {
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from campaigns where search_city is not null`,
    );
    expect(n).toBeGreaterThan(0);
    expect(await drifted()).toEqual([]);
  });

  it('follows an address changed, moved to another campaign, deleted and added', async () => {
    const [first, second] = await rows<{ id: string }>(
      sql`select campaign_id as id from campaign_addresses order by campaign_id limit 2`,
    );
    if (!first || !second) throw new Error('the demo data has no two campaigns with an address');

    await db.execute(sql`delete from campaign_addresses where campaign_id = ${second.id}`);
    expect(await drifted()).toEqual([]);
    await db.execute(sql`update campaign_addresses set city = 'Qonce' where campaign_id = ${first.id}`);
    expect(await drifted()).toEqual([]);
    await db.execute(sql`update campaign_addresses set province = null where campaign_id = ${first.id}`);
    expect(await drifted()).toEqual([]);
    await db.execute(
      sql`update campaign_addresses set campaign_id = ${second.id} where campaign_id = ${first.id}`,
    );
    expect(await drifted()).toEqual([]);
    await db.execute(sql`delete from campaign_addresses where campaign_id = ${second.id}`);
    expect(await drifted()).toEqual([]);
    await db.execute(
      sql`insert into campaign_addresses (campaign_id, city, province) values (${first.id}, 'Makhanda', 'Eastern Cape')`,
    );
    expect(await drifted()).toEqual([]);
  });
});

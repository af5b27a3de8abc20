import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Currency, DonationStatus } from '~/lib/enums';
import { prepareServerTestEnv } from '../support/serverEnv';

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

// organisation_raised orders the organisation search by money raised (migration 0018): the counters
// of each organisation's campaigns summed, dollars apart. Kept by triggers on campaigns and
// campaign_settings; whatever happens to a campaign, it must equal a recount of the counters.
describe("an organisation's kept raised sums", () => {
  /** Organisations whose kept sums differ from their campaigns' counters summed per currency. */
  function driftedOrganisations(): Promise<{ id: string }[]> {
    return rows(sql`
      select o.id from organisations o
      left join organisation_raised r on r.organisation_id = o.id
      left join (
        select c.organisation_id,
          coalesce(sum(c.raised_cents) filter (where cs.currency_id is distinct from ${Currency.Dollar}), 0) as par,
          coalesce(sum(c.raised_cents) filter (where cs.currency_id = ${Currency.Dollar}), 0) as dollar
        from campaigns c left join campaign_settings cs on cs.campaign_id = c.id
        where c.organisation_id is not null group by c.organisation_id
      ) t on t.organisation_id = o.id
      where coalesce(r.at_par_cents, 0) <> coalesce(t.par, 0) or coalesce(r.dollar_cents, 0) <> coalesce(t.dollar, 0)`);
  }

  it('matches the campaigns after the demo data was booked', async () => {
    const [{ n } = { n: 0 }] = await rows<{ n: number }>(
      sql`select count(*)::int as n from organisation_raised where at_par_cents + dollar_cents > 0`,
    );
    expect(n).toBeGreaterThan(0);
    expect(await driftedOrganisations()).toEqual([]);
  });

  it('follows a donation, a campaign moved between organisations and a change of currency', async () => {
    const [campaign] = await rows<{ id: string; organisation_id: string }>(sql`
      select c.id, c.organisation_id from campaigns c
      where c.organisation_id is not null and c.raised_cents > 0 order by c.created_at limit 1`);
    const [other] = await rows<{ id: string }>(
      sql`select id from organisations where id <> ${campaign?.organisation_id} order by created_at limit 1`,
    );
    if (!campaign || !other) throw new Error('the demo data has no organisation campaign with donations');

    const [gift] = await rows<{ id: string }>(sql`
      insert into donations (campaign_id, currency_id, amount, campaign_amount, reference, status, first_name, last_name, email)
      values (${campaign.id}, ${Currency.Rand}, 25000, 25000, 'ORGANISATION-SUMS', ${DonationStatus.Accepted},
        'Sum', 'Keeper', 'sums@letsema.test')
      returning id`);
    expect(await driftedOrganisations()).toEqual([]);

    await db.execute(
      sql`update campaign_settings set currency_id = ${Currency.Dollar} where campaign_id = ${campaign.id}`,
    );
    expect(await driftedOrganisations()).toEqual([]);

    await db.execute(sql`update campaigns set organisation_id = ${other.id} where id = ${campaign.id}`);
    expect(await driftedOrganisations()).toEqual([]);

    await db.execute(sql`update campaigns set organisation_id = null where id = ${campaign.id}`);
    expect(await driftedOrganisations()).toEqual([]);

    await db.execute(
      sql`update campaigns set organisation_id = ${campaign.organisation_id} where id = ${campaign.id}`,
    );
    await db.execute(
      sql`update campaign_settings set currency_id = ${Currency.Rand} where campaign_id = ${campaign.id}`,
    );
    expect(await driftedOrganisations()).toEqual([]);

    await db.execute(sql`delete from campaign_settings where campaign_id = ${campaign.id}`);
    expect(await driftedOrganisations()).toEqual([]);
    await db.execute(
      sql`insert into campaign_settings (campaign_id, currency_id) values (${campaign.id}, ${Currency.Dollar})`,
    );
    expect(await driftedOrganisations()).toEqual([]);

    await db.execute(sql`delete from donations where id = ${gift?.id}`);
    expect(await driftedOrganisations()).toEqual([]);
  });
});

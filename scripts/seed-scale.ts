/**
 * `npm run db:seed:scale`: adds 100 000 public campaigns and 1 000 000 settled donations to the
 * database DATABASE_URL points at (or PGlite in DATA_DIR without it), for measuring search and
 * pages at scale (bench/RESULTS.md). Set-based SQL (INSERT … SELECT generate_series), one
 * transaction: about two minutes on PostgreSQL with 2 cores. PGlite works too but is single
 * threaded WebAssembly with a small cache: expect it to take several times longer.
 *
 * Every value is derived from a row number through hashtext(), so two loads hold the same data.
 * The rows are recognisable by their `scale-` urls, emails and references; running it a second
 * time changes nothing and says so.
 */
import { type SQL, sql } from 'drizzle-orm';
import { Currency } from '../src/lib/enums';
import { closeDb, getDb } from '../src/lib/server/db';
import { env } from '../src/lib/server/platform/env';
import { scaleStatements } from './scale/statements';

// Sizes can be lowered for a quick try: SCALE_CAMPAIGNS=1000 SCALE_DONATIONS=10000 npm run db:seed:scale
const campaignCount = Number(process.env.SCALE_CAMPAIGNS ?? 100_000);
const donationCount = Number(process.env.SCALE_DONATIONS ?? 1_000_000);

// Migration 0005 sends NOTIFY page_cache from a row trigger on each of these tables. For a million
// rows that is a million trigger calls and a queue of notifications every server process would
// have to read, each dropping a page it cannot have cached yet. They are off for this load only
// (ALTER TABLE is transactional: a failed load leaves them on), and one 'site' notification at the
// end drops every cached page instead.
const NOTIFYING_TRIGGERS: [table: string, trigger: string][] = [
  ['users', 'users_page_cache'],
  ['organisations', 'organisations_page_cache'],
  ['organisation_users', 'organisation_users_page_cache'],
  ['organisation_addresses', 'organisation_addresses_page_cache'],
  ['organisation_sectors', 'organisation_sectors_page_cache'],
  ['campaigns', 'campaigns_page_cache'],
  ['campaign_settings', 'campaign_settings_page_cache'],
  ['campaign_addresses', 'campaign_addresses_page_cache'],
  ['campaign_images', 'campaign_images_page_cache'],
  ['donations', 'donations_page_cache'],
];

// Migration 0007 keeps campaigns.raised_cents by a row trigger on donations: a million updates of
// campaign rows. Off for the load too, and the counters are filled once, set-based, at the end.
// Migration 0015's tallies per campaign, day and channel likewise: filled once at the end, as the
// migration fills them for the donations it finds.
// Migration 0018's sums per organisation follow campaigns.raised_cents and each campaign's
// currency: filled once at the end too. Its copy of each address's city and province into the
// campaign's row is written by the campaigns insert itself (scripts/scale/statements.ts).
const COUNTER_TRIGGERS: [table: string, trigger: string][] = [
  ['donations', 'donations_raised_cents'],
  ['donations', 'donations_raised_cents_update'],
  ['donations', 'donations_tally_insights'],
  ['donations', 'donations_tally_insights_update'],
  ['campaigns', 'campaigns_organisation_raised_update'],
  ['campaign_settings', 'campaign_settings_organisation_raised'],
  ['campaign_addresses', 'campaign_addresses_search_place'],
];

const triggers = (action: 'disable' | 'enable'): SQL[] =>
  [...NOTIFYING_TRIGGERS, ...COUNTER_TRIGGERS].map(([table, trigger]) =>
    sql.raw(`alter table ${table} ${action} trigger ${trigger}`),
  );

const fillRaisedCents = sql`update campaigns c set raised_cents = totals.cents
  from (select campaign_id, sum(campaign_amount) as cents from donations where status = 1 group by campaign_id) totals
  where totals.campaign_id = c.id and c.raised_cents <> totals.cents`;

const fillOrganisationRaised = sql`insert into organisation_raised (organisation_id, at_par_cents, dollar_cents)
  select c.organisation_id,
    coalesce(sum(c.raised_cents) filter (where cs.currency_id is distinct from ${Currency.Dollar}), 0),
    coalesce(sum(c.raised_cents) filter (where cs.currency_id = ${Currency.Dollar}), 0)
  from campaigns c left join campaign_settings cs on cs.campaign_id = c.id
  where c.organisation_id is not null and c.url like 'scale-%'
  group by c.organisation_id
  on conflict (organisation_id) do update set at_par_cents = organisation_raised.at_par_cents + excluded.at_par_cents,
    dollar_cents = organisation_raised.dollar_cents + excluded.dollar_cents`;

const fillInsightDays = sql`insert into campaign_insight_days (campaign_id, day, channel, amount, donations, new_donors, returning_donors)
  select campaign_id, day, channel, sum(net), count(*) filter (where net > 0),
    count(*) filter (where donor_day_rank = 1 and first_day = day),
    count(*) filter (where donor_day_rank = 1 and first_day < day)
  from (
    select d.campaign_id, donation_insight_day(d.settled_at, d.created_at) as day, coalesce(d.referral_channel, 'unknown') as channel,
      d.campaign_amount - donation_refunded_campaign_cents(d.id) as net,
      min(donation_insight_day(d.settled_at, d.created_at)) over (partition by d.campaign_id, lower(d.email)) as first_day,
      row_number() over (partition by d.campaign_id, lower(d.email), donation_insight_day(d.settled_at, d.created_at)
        order by d.settled_at, d.id) as donor_day_rank
    from donations d where d.status = 1 and d.reference like 'scale-d-%'
  ) g
  group by campaign_id, day, channel
  on conflict (campaign_id, day, channel) do update set amount = campaign_insight_days.amount + excluded.amount,
    donations = campaign_insight_days.donations + excluded.donations,
    new_donors = campaign_insight_days.new_donors + excluded.new_donors,
    returning_donors = campaign_insight_days.returning_donors + excluded.returning_donors`;

const where = env.databaseUrl.replace(/\/\/[^@]*@/, '//…@') || 'PGlite in DATA_DIR';
const db = await getDb();
const loaded = await db.execute<{ n: number }>(
  sql`select count(*)::int as n from campaigns where url like 'scale-%'`,
);
const already = Number((loaded as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0);
if (already > 0) {
  console.log(
    `Scale data is already loaded in ${where} (${already} campaigns with a scale- url): nothing to do. ` +
      'Start from an empty database to load it again.',
  );
} else {
  const started = performance.now();
  console.log(`Loading ${campaignCount} campaigns and ${donationCount} donations into ${where} …`);
  await db.transaction(async (tx) => {
    for (const statement of triggers('disable')) await tx.execute(statement);
    for (const [label, statement] of scaleStatements({
      campaigns: campaignCount,
      donations: donationCount,
    })) {
      const t = performance.now();
      await tx.execute(statement);
      console.log(`  ${label}: ${Math.round(performance.now() - t)} ms`);
    }
    const t = performance.now();
    await tx.execute(fillRaisedCents);
    await tx.execute(fillOrganisationRaised);
    console.log(`  raised totals: ${Math.round(performance.now() - t)} ms`);
    const tallied = performance.now();
    await tx.execute(fillInsightDays);
    console.log(`  insight tallies: ${Math.round(performance.now() - tallied)} ms`);
    for (const statement of triggers('enable')) await tx.execute(statement);
    await tx.execute(sql`select pg_notify('page_cache', 'site')`);
  });
  // Fresh statistics, so the planner knows the tables are big before the first search, and a
  // visibility map, so counts can be answered from an index alone (autovacuum would get there later).
  await db.execute(sql`vacuum analyze`);
  console.log(`Done in ${Math.round((performance.now() - started) / 1000)} s.`);
}
await closeDb();

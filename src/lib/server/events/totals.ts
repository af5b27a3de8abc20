import { type SQL, sql } from 'drizzle-orm';
import type { EventTotals } from '~/lib/contracts/events';
import { DonationStatus } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import { DONOR_KEY_OF_D, publiclySearchable, raisedCentsSql } from '~/lib/server/campaigns/cards';
import { getDb } from '~/lib/server/db';
import { toRandFactorSql } from '~/lib/server/organisations/totals';
import { D_NOT_REFUNDED } from '~/lib/server/refunds/netSql';

/**
 * The event's public campaigns, each with its raised total (the ledger less refunds:
 * raisedCentsSql) in its own currency, added up in rand as organisation totals are; donors are
 * counted once over all of them, by the key the campaign pages count them by.
 */
function totalsQuery(eventId: number): SQL {
  return sql`
    with per_campaign as (
      select "campaigns"."id" as id, ${raisedCentsSql} as received,
        "campaigns"."offline_donations" as offline,
        ${toRandFactorSql(sql`cs.currency_id`)} as to_rand
      from campaigns left join campaign_settings cs on cs.campaign_id = "campaigns"."id"
      where "campaigns"."event_id" = ${eventId} and ${publiclySearchable}
    )
    select count(*)::int as campaigns,
      coalesce(round(sum(received * to_rand)), 0)::bigint as raised,
      coalesce(round(sum(offline * to_rand)), 0)::bigint as offline,
      (select count(distinct ${DONOR_KEY_OF_D}) from donations d
        where d.campaign_id in (select id from per_campaign)
          and d.status = ${DonationStatus.Accepted} and ${D_NOT_REFUNDED})::int as donors
    from per_campaign`;
}

/** What the event's public campaigns raised together (rand, on the platform and offline), how many there are and their donors. */
export async function loadEventTotals(eventId: number): Promise<EventTotals> {
  const db = await getDb();
  // Both drivers (PGlite and node-postgres) answer raw SQL with `rows`.
  const result = (await db.execute(totalsQuery(eventId))) as { rows: Record<string, unknown>[] };
  const row = result.rows[0] ?? {};
  return {
    raised: fromCents(Number(row.raised ?? 0)),
    offline: fromCents(Number(row.offline ?? 0)),
    campaigns: Number(row.campaigns ?? 0),
    donors: Number(row.donors ?? 0),
  };
}

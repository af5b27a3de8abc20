import { type SQL, sql } from 'drizzle-orm';
import type { OrganisationCampaignTotals } from '~/lib/contracts/organisations';
import { CampaignStatus, Currency, Visibility } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import { paidOutCentsSql, raisedCentsSql } from '~/lib/server/campaigns/cards';
import { getDb } from '~/lib/server/db';
import type { DbOrTx } from '~/lib/server/db/types';
import { fundsAvailableCentsSql } from '~/lib/server/payouts/funds';
import { env } from '~/lib/server/platform/env';

/** Rand cents of an organisation's campaigns, each campaign's money first taken in its own currency. */
export interface OrganisationTotalsCents {
  /** Launched campaigns that anyone may find (public, not hidden). */
  publicCampaigns: number;
  /** Accepted donations on the platform. */
  received: number;
  /** Raised outside the platform, as the campaigns' owners entered it. */
  offline: number;
  /** Shares of payouts marked paid. */
  paidOut: number;
  /** Available for payout: each campaign's `fundsAvailableCentsSql` (docs/api/payouts.md), in rand. */
  available: number;
}

/**
 * How many rand one unit of the currency `currencyId` (an SQL expression) counts for in a rand
 * total: USD_TO_ZAR_RATE for dollars, else 1. Multiply a campaign's cents by it, round after summing.
 */
export const toRandFactorSql = (currencyId: SQL): SQL =>
  sql`(case when ${currencyId} = ${Currency.Dollar} then ${env.payments.usdToZarRate}::numeric else 1 end)`;

/**
 * One row per campaign of the organisation with its money in its own currency
 * (the same columns campaign totals read: donations.campaign_amount, never
 * the donor's amount), converted to rand at USD_TO_ZAR_RATE only for the sum:
 * rand and dollars are never added as they are.
 */
function totalsQuery(organisationId: string): SQL {
  const rate = toRandFactorSql(sql`cs.currency_id`);
  return sql`
    with per_campaign as (
      select "campaigns"."published" as published, "campaigns"."status" as status,
        "campaigns"."visibility" as visibility, "campaigns"."offline_donations" as offline_donations,
        ${rate} as to_rand, ${raisedCentsSql} as received, ${paidOutCentsSql} as paid_out,
        ${fundsAvailableCentsSql} as available
      from campaigns left join campaign_settings cs on cs.campaign_id = "campaigns"."id"
      where "campaigns"."organisation_id" = ${organisationId}
    )
    select
      count(*) filter (where published and status <> ${CampaignStatus.Hidden}
        and visibility = ${Visibility.Public})::int as public_campaigns,
      coalesce(round(sum(received * to_rand)), 0)::bigint as received,
      coalesce(round(sum(offline_donations * to_rand)), 0)::bigint as offline,
      coalesce(round(sum(paid_out * to_rand)), 0)::bigint as paid_out,
      coalesce(round(sum(available * to_rand)), 0)::bigint as available
    from per_campaign`;
}

/** The organisation's totals in rand cents (all zero for an organisation without campaigns). */
export async function loadOrganisationTotalsCents(
  organisationId: string,
  db?: DbOrTx,
): Promise<OrganisationTotalsCents> {
  const conn = db ?? (await getDb());
  // Both drivers (PGlite and node-postgres) answer raw SQL with `rows`.
  const result = (await conn.execute(totalsQuery(organisationId))) as { rows: Record<string, unknown>[] };
  const row = result.rows[0] ?? {};
  return {
    publicCampaigns: Number(row.public_campaigns ?? 0),
    received: Number(row.received ?? 0),
    offline: Number(row.offline ?? 0),
    paidOut: Number(row.paid_out ?? 0),
    available: Number(row.available ?? 0),
  };
}

/** SPEC §3 campaignTotals (rand) from the cents above. */
export function campaignTotalsOf(cents: OrganisationTotalsCents): OrganisationCampaignTotals {
  return {
    totalCampaigns: cents.publicCampaigns,
    payoutTotal: fromCents(cents.paidOut),
    totalCampaignsFundsReceived: fromCents(cents.received),
    totalCampaignsFundsReceivedOffline: fromCents(cents.offline),
    totalCampaignsFundsAvailable: fromCents(cents.available),
  };
}

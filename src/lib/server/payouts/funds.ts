import { type SQL, sql } from 'drizzle-orm';
import { DonationStatus, PayoutStatus } from '~/lib/enums';
import { NET_OF_D } from '~/lib/server/refunds/netSql';

/**
 * The one definition of a campaign's money (docs/api/payouts.md, "Funds available"), as SQL
 * over the outer query's `campaigns` row (which must name the table `campaigns`). Every
 * view (owner view, funding info, organisation totals, the payout lock) reads these, in
 * cents of the campaign's own currency.
 */

// Raw SQL with table aliases: Drizzle leaves columns unqualified in a query without joins,
// which would bind `campaign_id = id` inside these subqueries to the wrong table.
const OUTER_CAMPAIGN_ID = sql`"campaigns"."id"`;

/**
 * The admin fee the platform keeps from one accepted donation `d` of a campaign with
 * settings `s` (a query must name the tables so: the owners' donation list reads it too): when the campaign charges one (`is_admin_fee` and a rate above 0) and
 * the donor did not cover it on top, `round(campaign_amount × rate / 100)` (halves up,
 * as percentOfCents), on what remains of the donation after refunds (NET_OF_D: the fee on a refunded
 * part is not kept). A tip, or a fee the donor covered, is paid on top and never deducted.
 */
export const DONATION_FEE: SQL<number> =
  sql<number>`case when s.is_admin_fee and s.admin_fee_rate > 0 and not d.admin_fee_covered
  then round(${NET_OF_D} * s.admin_fee_rate / 100) else 0 end`.mapWith(Number);

/** Cents of the platform's fees kept from the campaign's accepted donations. */
export const feesCentsSql: SQL<number> = sql<number>`(
  select coalesce(sum(${DONATION_FEE}), 0)::bigint from donations d
  left join campaign_settings s on s.campaign_id = d.campaign_id
  where d.campaign_id = ${OUTER_CAMPAIGN_ID} and d.status = ${DonationStatus.Accepted}
)`.mapWith(Number);

/** Cents no longer available for payout: the campaign's share of payouts requested, accepted or paid (not declined). */
export const committedPayoutCentsSql: SQL<number> = sql<number>`(
  select coalesce(sum(pi.amount), 0)::bigint from payout_items pi join payouts p on p.id = pi.payout_id
  where pi.campaign_id = ${OUTER_CAMPAIGN_ID} and p.status <> ${PayoutStatus.Declined}
)`.mapWith(Number);

/**
 * The campaign's balance, in cents: accepted donations less refunds (NET_OF_D) less the
 * platform's fees less every payout not declined. Below 0 when a refund came after the money
 * was paid out: the campaign owes the difference, and payouts wait until it is settled.
 */
export const balanceCentsSql: SQL<number> = sql<number>`((
  select coalesce(sum(${NET_OF_D} - ${DONATION_FEE}), 0) from donations d
  left join campaign_settings s on s.campaign_id = d.campaign_id
  where d.campaign_id = ${OUTER_CAMPAIGN_ID} and d.status = ${DonationStatus.Accepted}
) - ${committedPayoutCentsSql})::bigint`.mapWith(Number);

/** Funds available for payout, in cents: the balance, never below 0. */
export const fundsAvailableCentsSql: SQL<number> =
  sql<number>`greatest(${balanceCentsSql}, 0)::bigint`.mapWith(Number);

/** What the campaign owes after refunds made once its money was paid out, in cents (0 when it owes nothing). */
export const owedCentsSql: SQL<number> = sql<number>`greatest(-${balanceCentsSql}, 0)::bigint`.mapWith(
  Number,
);

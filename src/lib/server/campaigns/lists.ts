import { count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { CampaignSummary, UserCampaigns } from '~/lib/contracts/campaigns';
import { southAfricanDate } from '~/lib/dates';
import { Currency } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { campaignSettings, campaigns } from '~/lib/server/db/schema';
import { type PageQuery, paginationOf } from '~/lib/server/http/paging';
import { mayRequestPayout } from '~/lib/server/payouts/access';
import { fundsAvailableCentsSql } from '~/lib/server/payouts/funds';
import { env } from '~/lib/server/platform/env';
import { editableBy } from './access';
import { findCampaignCards, paidOutCentsSql } from './cards';
import { campaignOwnershipColumns } from './selections';

/**
 * `GET /campaigns/user-campaigns`: the campaigns the user may change (their
 * own, their organisations' when they are its Owner, Admin or Editor, and
 * those whose team they joined), drafts included, newest first.
 */
/** Cents of a campaign's own currency as rand cents (the totals are shown in rand). */
function inRandCents(cents: SQL | SQL.Aliased | typeof campaigns.donationTarget): SQL<number> {
  return sql<number>`round(${cents} * case when ${campaignSettings.currencyId} = ${Currency.Dollar} then ${env.payments.usdToZarRate}::numeric else 1 end)`;
}

export async function listUserCampaigns(user: SessionUser, page: PageQuery): Promise<UserCampaigns> {
  const where = editableBy(user.id);
  const db = await getDb();
  const [totals, items] = await Promise.all([
    db
      .select({
        n: count(),
        target: sql<number>`coalesce(sum(${inRandCents(campaigns.donationTarget)}), 0)::bigint`.mapWith(
          Number,
        ),
        paidOut: sql<number>`coalesce(sum(${inRandCents(paidOutCentsSql)}), 0)::bigint`.mapWith(Number),
      })
      .from(campaigns)
      .leftJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id))
      .where(where),
    findCampaignCards({
      where,
      orderBy: [desc(campaigns.createdAt), desc(campaigns.id)],
      limit: page.pageSize,
      offset: (page.pageNo - 1) * page.pageSize,
    }),
  ]);
  const row = totals[0];
  const allowed = await payoutRequesters(
    user,
    items.map((c) => c.id),
  );
  const summaries = await summariesOf(items.map((c) => c.id));
  return {
    userCampaigns: {
      items: items.map((c) => {
        const summary = summaries.get(c.id);
        return { ...c, mayRequestPayout: allowed.has(c.id), ...(summary ? { summary } : {}) };
      }),
      paginationMetadata: paginationOf(row?.n ?? 0, page.pageNo, page.pageSize),
    },
    userCampaignTotals: {
      payoutTotal: fromCents(row?.paidOut ?? 0),
      targetTotal: fromCents(row?.target ?? 0),
    },
  };
}

/**
 * Each campaign's figures for My Campaigns: available from the payout rule (payouts/funds.ts), and
 * donors and this week's gifts from the ledger's tallies (campaign_insight_days, migration 0015).
 */
async function summariesOf(ids: readonly string[]): Promise<Map<string, CampaignSummary>> {
  if (ids.length === 0) return new Map();
  const db = await getDb();
  const weekStart = southAfricanDate(new Date(Date.now() - 6 * 86_400_000));
  const tally = (column: SQL, since: string | null) =>
    sql`(select coalesce(sum(i.${column}), 0) from campaign_insight_days i where i.campaign_id = "campaigns"."id"
      ${since ? sql`and i.day >= ${since}::date` : sql``})`;
  const rows = await db
    .select({
      id: campaigns.id,
      raised: campaigns.raisedCents,
      available: fundsAvailableCentsSql,
      donors: sql<number>`${tally(sql.raw('new_donors'), null)}::int`.mapWith(Number),
      weekAmount: sql<number>`${tally(sql.raw('amount'), weekStart)}::bigint`.mapWith(Number),
      weekDonations: sql<number>`${tally(sql.raw('donations'), weekStart)}::int`.mapWith(Number),
    })
    .from(campaigns)
    .where(inArray(campaigns.id, [...ids]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        raised: fromCents(r.raised),
        available: fromCents(r.available),
        donors: r.donors,
        week: { amount: fromCents(r.weekAmount), donations: r.weekDonations },
      },
    ]),
  );
}

/** The ids of the campaigns whose payouts `user` may request (payouts/access.ts mayRequestPayout). */
async function payoutRequesters(user: SessionUser, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const db = await getDb();
  const rows = await db
    .select(campaignOwnershipColumns)
    .from(campaigns)
    .where(inArray(campaigns.id, [...ids]));
  const allowed = await Promise.all(rows.map((r) => mayRequestPayout(user, r, db)));
  return new Set(rows.filter((_, i) => allowed[i]).map((r) => r.id));
}

import { count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { UserCampaigns } from '~/lib/contracts/campaigns';
import { Currency } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { campaignSettings, campaigns } from '~/lib/server/db/schema';
import { type PageQuery, paginationOf } from '~/lib/server/http/paging';
import { env } from '~/lib/server/platform/env';
import { editableBy } from './access';
import { findCampaignCards, paidOutCentsSql } from './cards';

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
  return {
    userCampaigns: { items, paginationMetadata: paginationOf(row?.n ?? 0, page.pageNo, page.pageSize) },
    userCampaignTotals: {
      payoutTotal: fromCents(row?.paidOut ?? 0),
      targetTotal: fromCents(row?.target ?? 0),
    },
  };
}

import { count, desc, sql } from 'drizzle-orm';
import { fromCents } from '../money';
import { editableBy } from './campaignAccess';
import { type CampaignCard, findCampaignCards, paidOutCentsSql } from './campaigns';
import { getDb } from './db';
import { campaigns } from './db/schema';
import { type Pagination, paginationOf } from './http';
import type { SessionUser } from './session';

/** SPEC §3 "User campaigns". */
export interface UserCampaigns {
  userCampaigns: { items: CampaignCard[]; paginationMetadata: Pagination };
  /** Over all of the user's campaigns (not only this page), each in its own currency, summed. */
  userCampaignTotals: { payoutTotal: number; targetTotal: number };
}

/**
 * `GET /campaigns/user-campaigns`: the campaigns the user may change (their
 * own, their organisations' when they are its Owner, Admin or Editor, and
 * those whose team they joined), drafts included, newest first.
 */
export async function listUserCampaigns(
  user: SessionUser,
  page: { pageNo: number; pageSize: number },
): Promise<UserCampaigns> {
  const where = editableBy(user.id);
  const db = await getDb();
  const [totals, items] = await Promise.all([
    db
      .select({
        n: count(),
        target: sql<number>`coalesce(sum(${campaigns.donationTarget}), 0)::bigint`.mapWith(Number),
        paidOut: sql<number>`coalesce(sum(${paidOutCentsSql}), 0)::bigint`.mapWith(Number),
      })
      .from(campaigns)
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

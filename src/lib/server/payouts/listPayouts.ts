import { eq, or, type SQL, sql } from 'drizzle-orm';
import type { PayoutList } from '~/lib/contracts/payouts';
import { fromCents } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import { findCampaignById } from '~/lib/server/campaigns/access';
import { getDb } from '~/lib/server/db';
import { payouts } from '~/lib/server/db/schema';
import { forbidden, notFound } from '~/lib/server/http/errors';
import type { PageQuery } from '~/lib/server/http/paging';
import { pageOf, pageWindow } from '~/lib/server/http/paging';
import { findOrganisationById } from '~/lib/server/organisations/access';
import { managesOrganisationMoney, maySeeCampaignMoney, PAYOUT_ACCESS_MESSAGES } from './access';
import { loadCampaignFunds, toRandCents } from './funding';
import { loadPayoutViews } from './payoutViews';

/**
 * Payouts that draw on the campaigns (their own, or an organisation's that include them).
 * Raw `"payouts"."id"`: Drizzle leaves a column unqualified in a query without joins, which
 * inside this subquery would bind to `payout_items`.
 */
const drawsOn = (campaignIds: SQL): SQL =>
  sql`exists (select 1 from payout_items pi where pi.payout_id = "payouts"."id" and pi.campaign_id in (${campaignIds}))`;

/** What the list covers: its payouts and what was paid out (campaign currency, or rand for an organisation). */
async function scopeOf(user: SessionUser, id: string): Promise<{ where: SQL; paidOutCents: number }> {
  const campaign = await findCampaignById(id);
  if (campaign) {
    if (!(await maySeeCampaignMoney(user, campaign))) throw forbidden(PAYOUT_ACCESS_MESSAGES.campaign);
    const [funds] = await loadCampaignFunds(sql`"campaigns"."id" = ${campaign.id}`);
    return { where: drawsOn(sql`${campaign.id}::uuid`), paidOutCents: funds?.paidOut ?? 0 };
  }
  const organisation = await findOrganisationById(id);
  if (!organisation) throw notFound(PAYOUT_ACCESS_MESSAGES.notFound);
  if (!(await managesOrganisationMoney(user, organisation.id)))
    throw forbidden(PAYOUT_ACCESS_MESSAGES.organisation);
  const funds = await loadCampaignFunds(sql`"campaigns"."organisation_id" = ${organisation.id}`);
  return {
    where: or(
      eq(payouts.organisationId, organisation.id),
      drawsOn(sql`select c.id from campaigns c where c.organisation_id = ${organisation.id}`),
    ) as SQL,
    paidOutCents: funds.reduce((sum, f) => sum + toRandCents(f.paidOut, f.currency.id), 0),
  };
}

/**
 * `GET payouts/list/{id}?pageSize&pageNo`: `id` is a campaign's or an organisation's; newest
 * first, 5 a page; `payoutsRaised` is what was paid out. Who may see: as the funding info.
 */
export async function listPayouts(user: SessionUser, id: string, page: PageQuery): Promise<PayoutList> {
  const { where, paidOutCents } = await scopeOf(user, id);
  const db = await getDb();
  const [counted, items] = await Promise.all([
    db
      .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
      .from(payouts)
      .where(where),
    loadPayoutViews(where, pageWindow(page)),
  ]);
  const totalCount = counted[0]?.count ?? 0;
  return {
    payoutsRaised: fromCents(paidOutCents),
    payouts: pageOf(items, totalCount, page),
  };
}

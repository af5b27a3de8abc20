import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Page } from '~/lib/contracts/common';
import type { OnceOffPage, PublicDonation, RecurringPage, UserDonation } from '~/lib/contracts/donations';
import { DonationType } from '~/lib/enums';
import type { SessionUser } from '~/lib/server/accounts/session';
import { assertCanViewCampaign, CAMPAIGN_ACCESS_MESSAGES } from '~/lib/server/campaigns/access';
import { findCampaignByIdentifier } from '~/lib/server/campaigns/details';
import { getDb } from '~/lib/server/db';
import { donations, recurringDonations } from '~/lib/server/db/schema';
import { notFound } from '~/lib/server/http/errors';
import { type PageQuery, paginationOf } from '~/lib/server/http/paging';
import { loadReceiptStates } from '~/lib/server/receipts/eligibility';
import { donationRefundedOf, loadRefundedOf } from '~/lib/server/refunds/refundedOf';
import { publicDonationsOf, topDonationsOf } from './publicLists';
import { recurrencesOf } from './recurrenceView';
import { donationView, loadViewContext } from './view';

/** The public and the donor's own donation lists (docs/api/donations.md "Calls"). */

/** The campaign a public list is for: 404 for drafts and hidden ones, as on the campaign page. */
async function viewableCampaignId(
  identifier: string,
  idType: number,
  viewer: SessionUser | null,
): Promise<string> {
  const campaign = await findCampaignByIdentifier(identifier, idType);
  if (!campaign) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
  await assertCanViewCampaign(viewer, campaign);
  return campaign.id;
}

/** `GET /donations/list/campaign/{identifier}`. */
export async function listCampaignDonations(
  identifier: string,
  idType: number,
  viewer: SessionUser | null,
  page: PageQuery,
  newestFirst: boolean,
): Promise<Page<PublicDonation>> {
  return publicDonationsOf(await viewableCampaignId(identifier, idType, viewer), page, newestFirst);
}

/** `GET /donations/list/campaign/top/{identifier}`. */
export async function listTopDonations(
  identifier: string,
  idType: number,
  viewer: SessionUser | null,
  size: number,
): Promise<PublicDonation[]> {
  return topDonationsOf(await viewableCampaignId(identifier, idType, viewer), size);
}

/**
 * A page of the donor's own donations matching `where`, newest first, each with its campaign and
 * whether it can have a Section 18A receipt and what was refunded of it (My Donations' once-off list, a
 * monthly donation's charges).
 */
export async function userDonationsPage(
  where: SQL | undefined,
  page: PageQuery,
): Promise<Page<{ donation: UserDonation }>> {
  const db = await getDb();
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(donations).where(where),
    db
      .select()
      .from(donations)
      .where(where)
      .orderBy(desc(donations.createdAt), desc(donations.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
  ]);
  const ids = rows.map((row) => row.id);
  const [{ campaignsById, currenciesById }, receipts, refunded] = await Promise.all([
    loadViewContext(rows),
    loadReceiptStates(ids),
    loadRefundedOf(ids),
  ]);
  const items = rows.flatMap((row) => {
    const campaign = campaignsById.get(row.campaignId);
    const currency = currenciesById.get(row.currencyId);
    const receipt = receipts.get(row.id);
    if (!campaign || !currency || !receipt) return [];
    const view = donationView(row, { campaign, currency });
    const campaignRef = { id: campaign.id, name: campaign.name, url: campaign.url };
    const refund = donationRefundedOf(refunded.get(row.id), row.amount);
    return [{ donation: { ...view, campaign: campaignRef, receipt, refunded: refund } }];
  });
  return { items, paginationMetadata: paginationOf(total[0]?.n ?? 0, page.pageNo, page.pageSize) };
}

/** `GET /donations/user/once-off`: the user's own once-off donations, any status, newest first. */
export function listUserOnceOffDonations(user: SessionUser, page: PageQuery): Promise<OnceOffPage> {
  return userDonationsPage(and(eq(donations.userId, user.id), eq(donations.type, DonationType.OneOff)), page);
}

/** `GET /donations/user/recurring`: the user's recurring donations, newest first. */
export async function listUserRecurringDonations(user: SessionUser, page: PageQuery): Promise<RecurringPage> {
  const db = await getDb();
  const where = eq(recurringDonations.userId, user.id);
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(recurringDonations).where(where),
    db
      .select()
      .from(recurringDonations)
      .where(where)
      .orderBy(desc(recurringDonations.createdAt), desc(recurringDonations.id))
      .limit(page.pageSize)
      .offset((page.pageNo - 1) * page.pageSize),
  ]);
  const recurrences = await recurrencesOf(rows);
  return {
    items: recurrences.map((recurrence) => ({ donationScheduler: { recurrence } })),
    paginationMetadata: paginationOf(total[0]?.n ?? 0, page.pageNo, page.pageSize),
  };
}

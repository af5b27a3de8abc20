import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Page } from '~/lib/contracts/common';
import type { CampaignPageDonation, PublicDonation } from '~/lib/contracts/donations';
import { publicDonorName } from '~/lib/donationDisplay';
import { DonationStatus, PAGE_SIZES } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import { getDb } from '~/lib/server/db';
import { currencies, donations } from '~/lib/server/db/schema';
import { type PageQuery, paginationOf } from '~/lib/server/http/paging';
import { refundedCampaignCentsOf, refundedCentsOf } from '~/lib/server/refunds/netSql';

/**
 * A campaign's accepted donations as anyone may see them (PublicDonation of
 * docs/api/donations.md): the public lists and the campaign page. No import of
 * campaigns/details.ts, which uses this for the page's top and recent donations.
 */

/** What remains of the donation in its campaign's currency, after the refund ledger. */
const NET_CAMPAIGN =
  sql<number>`(${donations.campaignAmount} - ${refundedCampaignCentsOf(donations.id)})::bigint`.mapWith(
    Number,
  );

const publicColumns = {
  id: donations.id,
  anonymous: donations.anonymous,
  displayName: donations.displayName,
  firstName: donations.firstName,
  lastName: donations.lastName,
  amount: sql<number>`(${donations.amount} - ${refundedCentsOf(donations.id)})::bigint`.mapWith(Number),
  campaignAmount: NET_CAMPAIGN,
  comment: donations.comment,
  createdAt: donations.createdAt,
  symbol: currencies.symbol,
  ticker: currencies.ticker,
};

interface PublicRow {
  id: string;
  anonymous: boolean;
  displayName: string | null;
  firstName: string;
  lastName: string;
  amount: number;
  campaignAmount: number;
  comment: string | null;
  createdAt: Date;
  symbol: string;
  ticker: string;
}

function publicDonationOf(row: PublicRow): PublicDonation {
  return {
    id: row.id,
    name: publicDonorName(row),
    anonymous: row.anonymous,
    amount: fromCents(row.amount),
    currency: { symbol: row.symbol, ticker: row.ticker },
    campaignAmount: fromCents(row.campaignAmount),
    // An anonymous donor's words stay, but nothing that names them.
    comment: row.comment,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Accepted, and not refunded in full: a refunded gift leaves the public lists. */
const acceptedOf = (campaignId: string): SQL =>
  and(
    eq(donations.campaignId, campaignId),
    eq(donations.status, DonationStatus.Accepted),
    sql`${NET_CAMPAIGN} > 0`,
  ) as SQL;

/** Accepted donations of a campaign, newest (or oldest) first. */
export async function publicDonationsOf(
  campaignId: string,
  page: PageQuery,
  newestFirst = true,
): Promise<Page<PublicDonation>> {
  const db = await getDb();
  const order = newestFirst
    ? [desc(donations.createdAt), desc(donations.id)]
    : [asc(donations.createdAt), asc(donations.id)];
  const [total, rows] = await Promise.all([
    db.select({ n: count() }).from(donations).where(acceptedOf(campaignId)),
    acceptedRows(campaignId, order, page.pageSize, (page.pageNo - 1) * page.pageSize),
  ]);
  return {
    items: rows.map(publicDonationOf),
    paginationMetadata: paginationOf(total[0]?.n ?? 0, page.pageNo, page.pageSize),
  };
}

async function acceptedRows(campaignId: string, order: SQL[], limit: number, offset = 0) {
  const db = await getDb();
  return db
    .select(publicColumns)
    .from(donations)
    .innerJoin(currencies, eq(currencies.id, donations.currencyId))
    .where(acceptedOf(campaignId))
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

/** The largest accepted donations of a campaign, in its own currency; ties go to the earlier gift. */
export async function topDonationsOf(campaignId: string, size: number): Promise<PublicDonation[]> {
  const rows = await acceptedRows(
    campaignId,
    [desc(NET_CAMPAIGN), asc(donations.createdAt), asc(donations.id)],
    size,
  );
  return rows.map(publicDonationOf);
}

const RECENT_ON_PAGE = 5;

function pageDonationOf(d: PublicDonation): CampaignPageDonation {
  return {
    id: d.id,
    displayName: d.name,
    anonymous: d.anonymous,
    amount: d.campaignAmount,
    comment: d.comment,
    createdAt: d.createdAt,
  };
}

/** The campaign page's top 3 and 5 most recent accepted donations. */
export async function campaignPageDonations(
  campaignId: string,
): Promise<{ topDonations: CampaignPageDonation[]; recentDonations: CampaignPageDonation[] }> {
  // The newest few need no count of all of them (the paged list does).
  const [top, recent] = await Promise.all([
    topDonationsOf(campaignId, PAGE_SIZES.topDonations),
    acceptedRows(campaignId, [desc(donations.createdAt), desc(donations.id)], RECENT_ON_PAGE),
  ]);
  return {
    topDonations: top.map(pageDonationOf),
    recentDonations: recent.map(publicDonationOf).map(pageDonationOf),
  };
}

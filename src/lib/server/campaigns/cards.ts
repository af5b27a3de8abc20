import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CampaignCard } from '~/lib/contracts/campaigns';
import {
  CampaignStatus,
  DonationStatus,
  PAGE_SIZES,
  PaymentGateway,
  PayoutStatus,
  Visibility,
} from '~/lib/enums';
import { fromCents } from '~/lib/money';
import { fullName } from '~/lib/people';
import { getDb } from '~/lib/server/db';
import { withCampaignCurrency } from '~/lib/server/db/joins';
import {
  campaignCategories,
  campaigns,
  currencies,
  organisations,
  organisationUsers,
  users,
} from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { imageSrcSet, imageUrl } from '~/lib/server/platform/files';
import { D_NOT_REFUNDED, refundedOfCampaign } from '~/lib/server/refunds/netSql';

// Raw SQL with table aliases: Drizzle leaves columns unqualified in a query without joins,
// which would bind `campaign_id = id` inside these subqueries to the wrong table.
const OUTER_CAMPAIGN_ID = sql`"campaigns"."id"`;

// A literal, not a parameter: so that even a plan made once for any parameters (a prepared
// statement's generic plan) sums from the index of accepted donations (donations_campaign_donor_idx).
const ACCEPTED = sql.raw(String(DonationStatus.Accepted));

/**
 * Accepted donations in cents of the campaign in the outer query (which must
 * name the table `campaigns`), less the refund ledger: the one definition of "raised on the platform".
 */
export const raisedCentsSql: SQL<number> = sql<number>`((
  select coalesce(sum(d.campaign_amount), 0) from donations d
  where d.campaign_id = ${OUTER_CAMPAIGN_ID} and d.status = ${ACCEPTED}
) - ${refundedOfCampaign(OUTER_CAMPAIGN_ID)})::bigint`.mapWith(Number);

/**
 * Who gave the donation aliased `d`, for counting distinct donors: the email address in any case,
 * or the donation itself for a SnapScan poster payment (SnapScan passes no address).
 */
export const DONOR_KEY_OF_D: SQL = sql`(case when d.email = '' and d.payment_method = ${PaymentGateway.SnapScan}
  then d.id::text else lower(d.email) end)`;

/**
 * Distinct donor email addresses (any case) among the accepted donations of the outer `campaigns` row;
 * each SnapScan poster payment (no address: SnapScan passes none) counts as a donor of its own.
 */
export const uniqueDonorsSql: SQL<number> = sql<number>`(
  select count(distinct ${DONOR_KEY_OF_D}) from donations d
  where d.campaign_id = ${OUTER_CAMPAIGN_ID} and d.status = ${DonationStatus.Accepted} and ${D_NOT_REFUNDED}
)`.mapWith(Number);

/** Cents paid out from the outer `campaigns` row: its share of payouts marked paid. */
export const paidOutCentsSql: SQL<number> = sql<number>`(
  select coalesce(sum(pi.amount), 0)::bigint from payout_items pi join payouts p on p.id = pi.payout_id
  where pi.campaign_id = ${OUTER_CAMPAIGN_ID} and p.status = ${PayoutStatus.Paid}
)`.mapWith(Number);

/** The first image's file and alt text, in one subquery per card. */
const firstImage = sql<{ id: string; url: string | null; storageKey: string; alt: string | null } | null>`(
  select json_build_object('id', f.id, 'url', f.url, 'storageKey', f.storage_key, 'alt', ci.alt)
  from campaign_images ci join stored_files f on f.id = ci.file_id
  where ci.campaign_id = ${OUTER_CAMPAIGN_ID} and not ci.deleted order by ci.position, ci.created_at limit 1
)`;

/**
 * The status a campaign reads as: an ACTIVE campaign whose end date has passed
 * is EXPIRED (SPEC §3 status 2) wherever it is read — cards, details, search —
 * whether or not the stored row has caught up yet (persistExpiry in campaigns/details.ts writes it lazily).
 */
export const effectiveStatusSql: SQL<number> = sql<number>`(case
  when "campaigns"."status" = ${CampaignStatus.Active} and "campaigns"."end_date" is not null
    and "campaigns"."end_date" <= now() then ${CampaignStatus.Expired}
  else "campaigns"."status" end)`.mapWith(Number);

/**
 * The campaign full-text document: campaigns.search_document, kept by PostgreSQL as
 * to_tsvector('simple', name || ' ' || story) (a stored generated column, migration 0018) and
 * indexed by `campaigns_search_idx`. Stored, so a search walking an order's index tests each row
 * without parsing its story again.
 */
export const campaignSearchVector: SQL = sql`"campaigns"."search_document"`;

/** Joins organisation_users to the owner's membership of the campaign's organisation (their `ownerOrgRole`). */
export const ownerMembershipOn: SQL = and(
  eq(organisationUsers.organisationId, campaigns.organisationId),
  eq(organisationUsers.userId, campaigns.ownerId),
) as SQL;

const owner = alias(users, 'owner');

export interface CampaignCardQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset?: number;
  /**
   * A name for a query whose text never changes (its values are all parameters): it is then
   * prepared once per connection, and PostgreSQL stops planning it at every call once a plan for
   * any parameters serves (choosing among the join orders of the cards costs ~3 ms, more than
   * reading a page of them). One name, one text.
   */
  preparedAs?: string;
}

/** The one query behind campaign cards, unsent: findCampaignCards runs it, the scale bench explains it. */
export function campaignCardsQuery(query: CampaignCardQuery, conn: DbOrTx) {
  return withCampaignCurrency(
    conn
      .select({
        id: campaigns.id,
        name: campaigns.name,
        url: campaigns.url,
        createdAt: campaigns.createdAt,
        image: firstImage,
        donationTarget: campaigns.donationTarget,
        raised: raisedCentsSql,
        offline: campaigns.offlineDonations,
        currencyId: currencies.id,
        ticker: currencies.ticker,
        symbol: currencies.symbol,
        locale: currencies.locale,
        status: effectiveStatusSql,
        published: campaigns.published,
        startDate: campaigns.startDate,
        endDate: campaigns.endDate,
        campaignVerified: campaigns.isVerified,
        fundingType: campaigns.fundingType,
        organisationId: organisations.id,
        organisationName: organisations.legalName,
        organisationUrl: organisations.url,
        organisationVerified: organisations.isVerified,
        ownerOrgRole: organisationUsers.role,
        ownerFirstName: owner.firstName,
        ownerLastName: owner.lastName,
        categoryId: campaignCategories.id,
        categoryName: campaignCategories.name,
      })
      .from(campaigns)
      .$dynamic(),
  )
    .innerJoin(owner, eq(owner.id, campaigns.ownerId))
    .innerJoin(campaignCategories, eq(campaignCategories.id, campaigns.campaignCategoryId))
    .leftJoin(organisations, eq(organisations.id, campaigns.organisationId))
    .leftJoin(organisationUsers, ownerMembershipOn)
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset ?? 0);
}

/** Campaign cards in one query (totals and first image are subqueries): lists, search, home page. */
export async function findCampaignCards(query: CampaignCardQuery, db?: DbOrTx): Promise<CampaignCard[]> {
  const cards = campaignCardsQuery(query, db ?? (await getDb()));
  const rows = await (query.preparedAs ? cards.prepare(query.preparedAs).execute() : cards);
  return rows.map((r) => {
    const raised = Number(r.raised);
    return {
      id: r.id,
      name: r.name,
      url: r.url,
      createdAt: r.createdAt.toISOString(),
      // Files without a static url are served by the files endpoint; stored widths go in srcset.
      image: r.image
        ? { url: imageUrl(r.image), srcSet: imageSrcSet(r.image), alt: r.image.alt ?? r.name }
        : null,
      donationTarget: fromCents(r.donationTarget),
      raisedOnPlatform: fromCents(raised),
      raisedOffline: fromCents(r.offline),
      totalRaised: fromCents(raised + r.offline),
      currency: { id: r.currencyId, ticker: r.ticker, symbol: r.symbol, locale: r.locale },
      status: r.status,
      published: r.published,
      startDate: r.startDate?.toISOString() ?? null,
      endDate: r.endDate?.toISOString() ?? null,
      isVerified: r.organisationId ? (r.organisationVerified ?? false) : r.campaignVerified,
      fundingType: r.fundingType,
      organisation:
        r.organisationId && r.organisationName && r.organisationUrl
          ? { id: r.organisationId, legalName: r.organisationName, url: r.organisationUrl }
          : null,
      ownerOrgRole: r.organisationId ? r.ownerOrgRole : null,
      ownerName: fullName({ firstName: r.ownerFirstName, lastName: r.ownerLastName }),
      category: { id: r.categoryId, name: r.categoryName },
    };
  });
}

/** Campaigns anyone may see in lists: launched, active (not past their end date) and public. */
export const publiclyListed: SQL = and(
  eq(campaigns.published, true),
  eq(effectiveStatusSql, CampaignStatus.Active),
  eq(campaigns.visibility, Visibility.Public),
) as SQL;

/** Campaigns search may show: launched, public and not hidden (expired and closed ones included). */
export const publiclySearchable: SQL = and(
  eq(campaigns.published, true),
  sql`"campaigns"."status" <> ${CampaignStatus.Hidden}`,
  eq(campaigns.visibility, Visibility.Public),
) as SQL;

/**
 * The home page's featured campaigns: the first 3 featured ones, newest launch
 * first, topped up with the most-raised other active campaigns when fewer than 3 are featured.
 */
export async function listFeaturedCampaigns(): Promise<CampaignCard[]> {
  const size = PAGE_SIZES.featuredCampaigns;
  const featured = await findCampaignCards({
    where: and(publiclyListed, eq(campaigns.featured, true)),
    orderBy: [sql`${campaigns.launchedAt} desc nulls last`, desc(campaigns.createdAt)],
    limit: size,
  });
  if (featured.length >= size) return featured;
  const others = await findCampaignCards({
    where: and(publiclyListed, eq(campaigns.featured, false)),
    orderBy: [desc(raisedCentsSql), desc(campaigns.createdAt)],
    limit: size - featured.length,
  });
  return [...featured, ...others];
}

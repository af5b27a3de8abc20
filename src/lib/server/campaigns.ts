import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { CampaignStatus, DonationStatus, PAGE_SIZES, Visibility } from '../enums';
import { fromCents } from '../money';
import { type DbOrTx, getDb } from './db';
import {
  campaignCategories,
  campaignSettings,
  campaigns,
  currencies,
  organisations,
  organisationUsers,
  users,
} from './db/schema';

/** What a campaign highlight card (SPEC §2) needs; amounts in rand/dollars. */
export interface CampaignCard {
  id: string;
  name: string;
  url: string;
  createdAt: string;
  image: { url: string; alt: string } | null;
  donationTarget: number;
  raisedOnPlatform: number;
  raisedOffline: number;
  totalRaised: number;
  currency: { id: number; ticker: string; symbol: string; locale: string };
  status: number;
  published: boolean;
  startDate: string | null;
  endDate: string | null;
  /** The organisation's verification for organisation campaigns, else the campaign's own. */
  isVerified: boolean;
  fundingType: number;
  organisation: { id: string; legalName: string; url: string } | null;
  /** The owner's role in the campaign's organisation; null without one. */
  ownerOrgRole: number | null;
  ownerName: string;
  category: { id: number; name: string };
}

// Raw SQL with table aliases: Drizzle leaves columns unqualified in a query without joins,
// which would bind `campaign_id = id` inside these subqueries to the wrong table.
const OUTER_CAMPAIGN_ID = sql`"campaigns"."id"`;

/**
 * Accepted donations in cents of the campaign in the outer query (which must
 * name the table `campaigns`): the one definition of "raised on the platform".
 */
export const raisedCentsSql: SQL<number> = sql<number>`(
  select coalesce(sum(d.amount), 0)::bigint from donations d
  where d.campaign_id = ${OUTER_CAMPAIGN_ID} and d.status = ${DonationStatus.Accepted}
)`.mapWith(Number);

// Files without a static url are served by the files endpoint.
const firstImage = sql<string | null>`(
  select coalesce(f.url, '/files/' || f.id) from campaign_images ci join stored_files f on f.id = ci.file_id
  where ci.campaign_id = ${OUTER_CAMPAIGN_ID} and not ci.deleted order by ci.position, ci.created_at limit 1
)`;

const firstImageAlt = sql<string | null>`(
  select ci.alt from campaign_images ci
  where ci.campaign_id = ${OUTER_CAMPAIGN_ID} and not ci.deleted order by ci.position, ci.created_at limit 1
)`;

/** The campaign full-text document, exactly as `campaigns_search_idx` indexes it. */
const CAMPAIGN_DOCUMENT = sql`"campaigns"."name" || ' ' || "campaigns"."story"`;
export const campaignSearchVector: SQL = sql`to_tsvector('simple', ${CAMPAIGN_DOCUMENT})`;
/** The organisation full-text document, exactly as `organisations_search_idx` indexes it. */
export const organisationSearchVector: SQL = sql`to_tsvector('simple', "organisations"."legal_name")`;

const owner = alias(users, 'owner');

export interface CampaignCardQuery {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset?: number;
}

/** Campaign cards in one query (totals and first image are subqueries): lists, search, home page. */
export async function findCampaignCards(query: CampaignCardQuery, db?: DbOrTx): Promise<CampaignCard[]> {
  const conn = db ?? (await getDb());
  const rows = await conn
    .select({
      id: campaigns.id,
      name: campaigns.name,
      url: campaigns.url,
      createdAt: campaigns.createdAt,
      imageUrl: firstImage,
      imageAlt: firstImageAlt,
      donationTarget: campaigns.donationTarget,
      raised: raisedCentsSql,
      offline: campaigns.offlineDonations,
      currencyId: currencies.id,
      ticker: currencies.ticker,
      symbol: currencies.symbol,
      locale: currencies.locale,
      status: campaigns.status,
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
    .innerJoin(owner, eq(owner.id, campaigns.ownerId))
    .innerJoin(campaignCategories, eq(campaignCategories.id, campaigns.campaignCategoryId))
    .innerJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id))
    .innerJoin(currencies, eq(currencies.id, campaignSettings.currencyId))
    .leftJoin(organisations, eq(organisations.id, campaigns.organisationId))
    .leftJoin(
      organisationUsers,
      and(
        eq(organisationUsers.organisationId, campaigns.organisationId),
        eq(organisationUsers.userId, campaigns.ownerId),
      ),
    )
    .where(query.where)
    .orderBy(...query.orderBy)
    .limit(query.limit)
    .offset(query.offset ?? 0);
  return rows.map((r) => {
    const raised = Number(r.raised);
    return {
      id: r.id,
      name: r.name,
      url: r.url,
      createdAt: r.createdAt.toISOString(),
      image: r.imageUrl ? { url: r.imageUrl, alt: r.imageAlt ?? r.name } : null,
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
      ownerName: `${r.ownerFirstName} ${r.ownerLastName}`,
      category: { id: r.categoryId, name: r.categoryName },
    };
  });
}

/** Campaigns anyone may see in lists: launched, active and public. */
export const publiclyListed: SQL = and(
  eq(campaigns.published, true),
  eq(campaigns.status, CampaignStatus.Active),
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

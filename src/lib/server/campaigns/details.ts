import { and, eq, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { CampaignDetail, PublicCampaignDetail } from '~/lib/contracts/campaigns';
import { CampaignStatus, IdType } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import { socialPlatformOf } from '~/lib/schemas/campaign';
import type { SessionUser } from '~/lib/server/accounts/session';
import { campaignTag, dependsOn, organisationTag } from '~/lib/server/cache/tags';
import { getDb } from '~/lib/server/db';
import {
  campaignAddresses,
  campaignCategories,
  campaignSubCategories,
  campaigns,
  closeReasons,
  events,
  organisations,
  organisationUsers,
  storedFiles,
  users,
} from '~/lib/server/db/schema';
import { campaignPageDonations } from '~/lib/server/donations/publicLists';
import { notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { imageUrl } from '~/lib/server/platform/files';
import { assertCanViewCampaign, CAMPAIGN_ACCESS_MESSAGES, type CampaignRow } from './access';
import { ownerMembershipOn, paidOutCentsSql, raisedCentsSql, uniqueDonorsSql } from './cards';
import { imageViewOf, type StoredImage } from './images';
import { campaignInCurrencyQuery, showGatewaysOf } from './selections';
import { embedUrlsOf } from './videos';

const owner = alias(users, 'owner');
const ownerImage = alias(storedFiles, 'owner_image');
const iso = (date: Date | null): string | null => date?.toISOString() ?? null;

// Counted the way lookups count an organisation's campaigns: launched, public, not hidden.
const ownerTotalCampaigns = sql<number>`(
  select count(*) from campaigns c2 where c2.owner_id = "campaigns"."owner_id"
    and c2.published and c2.visibility = 1 and c2.status <> ${CampaignStatus.Hidden}
)`.mapWith(Number);
const organisationTotalCampaigns = sql<number>`(
  select count(*) from campaigns c2 where c2.organisation_id = "campaigns"."organisation_id"
    and c2.published and c2.visibility = 1 and c2.status <> ${CampaignStatus.Hidden}
)`.mapWith(Number);

// The page's lists ride along with the detail row as JSON, so a campaign page costs one query
// however many images, videos and social links it has.
const videoUrlsSql = sql<string[]>`coalesce((
  select json_agg(v.url order by v.position, v.id) from campaign_videos v where v.campaign_id = "campaigns"."id"
), '[]'::json)`;
const socialUrlsSql = sql<string[]>`coalesce((
  select json_agg(s.url order by s.position, s.id) from campaign_socials s where s.campaign_id = "campaigns"."id"
), '[]'::json)`;
const subCategoriesSql = sql<(typeof campaignSubCategories.$inferSelect)[]>`coalesce((
  select json_agg(json_build_object('id', sc.id, 'name', sc.name, 'campaignCategoryId', sc.campaign_category_id)
    order by sc.id)
  from campaign_sub_categories sc where sc.campaign_category_id = "campaigns"."campaign_category_id"
), '[]'::json)`;
const imageFilesSql = sql<StoredImage[]>`coalesce((
  select json_agg(json_build_object('id', f.id, 'storageKey', f.storage_key, 'url', f.url,
    'originalName', f.original_name) order by ci.position, ci.created_at)
  from campaign_images ci join stored_files f on f.id = ci.file_id
  where ci.campaign_id = "campaigns"."id" and not ci.deleted
), '[]'::json)`;

/** The detail row of the campaign `where` picks (the first by `orderBy`), or null. */
async function selectDetailRow(where: SQL, orderBy: SQL[] = []) {
  const db = await getDb();
  const [row] = await campaignInCurrencyQuery(db, {
    raised: raisedCentsSql,
    paidOut: paidOutCentsSql,
    donors: uniqueDonorsSql,
    category: campaignCategories,
    subCategory: campaignSubCategories,
    event: events,
    address: campaignAddresses,
    organisation: organisations,
    organisationTotal: organisationTotalCampaigns,
    owner: { id: owner.id, firstName: owner.firstName, lastName: owner.lastName, role: owner.role },
    ownerImage,
    ownerTotal: ownerTotalCampaigns,
    ownerOrgRole: organisationUsers.role,
    closeReason: closeReasons,
    images: imageFilesSql,
    videos: videoUrlsSql,
    socials: socialUrlsSql,
    subCategories: subCategoriesSql,
  })
    .innerJoin(owner, eq(owner.id, campaigns.ownerId))
    .leftJoin(ownerImage, eq(ownerImage.id, owner.imageFileId))
    .innerJoin(campaignCategories, eq(campaignCategories.id, campaigns.campaignCategoryId))
    .leftJoin(campaignSubCategories, eq(campaignSubCategories.id, campaigns.campaignSubCategoryId))
    .leftJoin(events, eq(events.id, campaigns.eventId))
    .leftJoin(campaignAddresses, eq(campaignAddresses.campaignId, campaigns.id))
    .leftJoin(organisations, eq(organisations.id, campaigns.organisationId))
    .leftJoin(organisationUsers, ownerMembershipOn)
    .leftJoin(closeReasons, eq(closeReasons.id, campaigns.closeReasonId))
    .where(where)
    .orderBy(...orderBy)
    .limit(1);
  return row ?? null;
}

type DetailRow = NonNullable<Awaited<ReturnType<typeof selectDetailRow>>>;

/** The detail of a campaign by id, with no access check (callers check); null when there is none. */
export async function loadCampaignDetail(id: string, now: Date = new Date()): Promise<CampaignDetail | null> {
  const row = await selectDetailRow(eq(campaigns.id, id));
  return row ? detailOf(row, now) : null;
}

function detailOf(row: DetailRow, now: Date): CampaignDetail {
  const { campaign: c, settings: s, subCategories } = row;
  const started = !c.startDate || c.startDate.getTime() <= now.getTime();
  return {
    id: c.id,
    createdAt: c.createdAt.toISOString(),
    name: c.name,
    story: c.story,
    language: c.language,
    startDate: iso(c.startDate),
    endDate: iso(c.endDate),
    donationTarget: fromCents(c.donationTarget),
    url: c.url,
    shortUrl: c.shortUrl,
    images: row.images.map(imageViewOf),
    socials: row.socials.map((url) => ({ platform: socialPlatformOf(url), url })),
    videos: embedUrlsOf(row.videos),
    visibility: c.visibility,
    isVerified: row.organisation ? row.organisation.isVerified : c.isVerified,
    fundingType: c.fundingType,
    payoutTotal: fromCents(row.paidOut),
    donationsReceivedTotal: fromCents(row.raised),
    offlineDonations: fromCents(c.offlineDonations),
    totalRaised: fromCents(row.raised + c.offlineDonations),
    owner: {
      id: row.owner.id,
      firstName: row.owner.firstName,
      lastName: row.owner.lastName,
      image: row.ownerImage ? { url: imageUrl(row.ownerImage), fileName: row.ownerImage.originalName } : null,
      totalCampaigns: row.ownerTotal,
      orgUserRole: row.organisation ? row.ownerOrgRole : null,
      userRole: row.owner.role,
    },
    campaignCategory: { id: row.category.id, name: row.category.name, subCategories },
    campaignSubCategory: row.subCategory,
    campaignSetting: {
      currency: row.currency,
      isRecurringGivingCampaign: s.isRecurringGivingCampaign,
      showBarometer: s.showBarometer,
      showGateways: showGatewaysOf(s),
      isTaxBenefit: s.isTaxBenefit,
      isAdminFee: s.isAdminFee,
      adminFeeRate: s.adminFeeRate,
    },
    event: row.event
      ? {
          id: row.event.id,
          name: row.event.name,
          slug: row.event.slug,
          description: row.event.description,
          startDate: iso(row.event.startDate),
          endDate: iso(row.event.endDate),
          location: row.event.location,
        }
      : null,
    address: row.address
      ? {
          addressLine1: row.address.addressLine1,
          addressLine2: row.address.addressLine2,
          city: row.address.city,
          province: row.address.province,
          zip: row.address.zip,
          country: row.address.country,
        }
      : null,
    organization: row.organisation
      ? {
          id: row.organisation.id,
          legalName: row.organisation.legalName,
          totalCampaigns: row.organisationTotal,
          url: row.organisation.url,
        }
      : null,
    published: c.published,
    isActive:
      c.published && row.status === CampaignStatus.Active && started && !row.settings.donationsPausedAt,
    donationsPaused: row.settings.donationsPausedAt !== null,
    status: row.status,
    defaultTipPercentage: c.defaultTipPercentage,
    uniqueDonors: row.donors,
    launchedAt: iso(c.launchedAt),
    closedAt: iso(c.closedAt),
    closeReason: row.closeReason ? { ...row.closeReason, note: c.closeNote } : null,
  };
}

/**
 * Writes EXPIRED onto an ACTIVE campaign whose end date has passed. Reads
 * never depend on it (effectiveStatusSql derives the same), but admin tools
 * and plain SQL see the truth sooner.
 */
export async function persistExpiry(campaign: Pick<CampaignRow, 'id' | 'status' | 'endDate'>): Promise<void> {
  const now = new Date();
  if (campaign.status !== CampaignStatus.Active || !campaign.endDate || campaign.endDate > now) return;
  const db = await getDb();
  await db
    .update(campaigns)
    .set({ status: CampaignStatus.Expired })
    .where(
      and(
        eq(campaigns.id, campaign.id),
        eq(campaigns.status, CampaignStatus.Active),
        lte(campaigns.endDate, now),
      ),
    );
}

/**
 * Which campaign an identifier names: its url (or, failing that, its short code) for idType 0,
 * its id for idType 1. Null when it cannot name one.
 */
function identifierMatch(identifier: string, idType: number): { where: SQL; orderBy: SQL[] } | null {
  if (idType === IdType.ById) {
    const id = uuidOrNull(identifier);
    return id ? { where: eq(campaigns.id, id), orderBy: [] } : null;
  }
  const url = identifier.toLowerCase();
  return {
    where: sql`(${campaigns.url} = ${url} or ${campaigns.shortUrl} = ${identifier})`,
    orderBy: [sql`(${campaigns.url} = ${url}) desc`],
  };
}

/**
 * A campaign by identifier: its url (or, failing that, its short code) for
 * idType 0, its id for idType 1. Null when nothing matches.
 */
export async function findCampaignByIdentifier(
  identifier: string,
  idType: number,
): Promise<CampaignRow | null> {
  const match = identifierMatch(identifier, idType);
  if (!match) return null;
  const db = await getDb();
  const [row] = await db
    .select()
    .from(campaigns)
    .where(match.where)
    .orderBy(...match.orderBy)
    .limit(1);
  return row ?? null;
}

/**
 * `GET /campaigns/short/{identifier}?idType=`: the public detail. Drafts and
 * hidden campaigns are 404 unless the viewer may change them; private
 * (visibility 0) campaigns are served to anyone with the link.
 */
export async function getPublicCampaignDetail(
  identifier: string,
  idType: number,
  viewer: SessionUser | null,
): Promise<PublicCampaignDetail> {
  const match = identifierMatch(identifier, idType);
  // The detail row is read before the access check (one query instead of two); it leaves only if allowed.
  const row = match ? await selectDetailRow(match.where, match.orderBy) : null;
  if (!row) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
  const campaign = row.campaign;
  await assertCanViewCampaign(viewer, campaign);
  dependsOn(campaignTag(campaign.id), campaign.organisationId && organisationTag(campaign.organisationId));
  const [donations] = await Promise.all([campaignPageDonations(campaign.id), persistExpiry(campaign)]);
  return { ...detailOf(row, new Date()), ...donations };
}

/** The `idType` query parameter: 1 is by id, anything else by url path (the default). */
export function idTypeOf(param: string | null): number {
  return param === String(IdType.ById) ? IdType.ById : IdType.ByPath;
}

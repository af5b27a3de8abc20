import { and, asc, eq, lte, type SQL, sql } from 'drizzle-orm';
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
  campaignSettings,
  campaignSocials,
  campaignSubCategories,
  campaigns,
  campaignVideos,
  closeReasons,
  currencies,
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
import {
  effectiveStatusSql,
  ownerMembershipOn,
  paidOutCentsSql,
  raisedCentsSql,
  uniqueDonorsSql,
} from './cards';
import { imageViewsOf } from './images';
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

async function selectDetailRow(id: string) {
  const db = await getDb();
  const [row] = await db
    .select({
      campaign: campaigns,
      status: effectiveStatusSql,
      raised: raisedCentsSql,
      paidOut: paidOutCentsSql,
      donors: uniqueDonorsSql,
      settings: campaignSettings,
      currency: currencies,
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
    })
    .from(campaigns)
    .innerJoin(owner, eq(owner.id, campaigns.ownerId))
    .leftJoin(ownerImage, eq(ownerImage.id, owner.imageFileId))
    .innerJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id))
    .innerJoin(currencies, eq(currencies.id, campaignSettings.currencyId))
    .innerJoin(campaignCategories, eq(campaignCategories.id, campaigns.campaignCategoryId))
    .leftJoin(campaignSubCategories, eq(campaignSubCategories.id, campaigns.campaignSubCategoryId))
    .leftJoin(events, eq(events.id, campaigns.eventId))
    .leftJoin(campaignAddresses, eq(campaignAddresses.campaignId, campaigns.id))
    .leftJoin(organisations, eq(organisations.id, campaigns.organisationId))
    .leftJoin(organisationUsers, ownerMembershipOn)
    .leftJoin(closeReasons, eq(closeReasons.id, campaigns.closeReasonId))
    .where(eq(campaigns.id, id));
  return row ?? null;
}

async function loadLists(campaignId: string, categoryId: number) {
  const db = await getDb();
  return Promise.all([
    imageViewsOf([campaignId]).then((m) => m.get(campaignId) ?? []),
    db
      .select({ url: campaignVideos.url })
      .from(campaignVideos)
      .where(eq(campaignVideos.campaignId, campaignId))
      .orderBy(asc(campaignVideos.position)),
    db
      .select({ url: campaignSocials.url })
      .from(campaignSocials)
      .where(eq(campaignSocials.campaignId, campaignId))
      .orderBy(asc(campaignSocials.position)),
    db
      .select()
      .from(campaignSubCategories)
      .where(eq(campaignSubCategories.campaignCategoryId, categoryId))
      .orderBy(asc(campaignSubCategories.id)),
  ]);
}

/** The detail of a campaign by id, with no access check (callers check); null when there is none. */
export async function loadCampaignDetail(id: string, now: Date = new Date()): Promise<CampaignDetail | null> {
  const row = await selectDetailRow(id);
  if (!row) return null;
  const { campaign: c, settings: s } = row;
  const [images, videos, socials, subCategories] = await loadLists(c.id, c.campaignCategoryId);
  const started = !c.startDate || c.startDate.getTime() <= now.getTime();
  return {
    id: c.id,
    createdAt: c.createdAt.toISOString(),
    name: c.name,
    story: c.story,
    startDate: iso(c.startDate),
    endDate: iso(c.endDate),
    donationTarget: fromCents(c.donationTarget),
    url: c.url,
    shortUrl: c.shortUrl,
    images,
    socials: socials.map((social) => ({ platform: socialPlatformOf(social.url), url: social.url })),
    videos: embedUrlsOf(videos.map((video) => video.url)),
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
      showGateways: {
        paysoft: s.showPaysoft,
        payPal: s.showPayPal,
        payfast: s.showPayfast,
        ozow: s.showOzow,
      },
      isTaxBenefit: s.isTaxBenefit,
      isAdminFee: s.isAdminFee,
      adminFeeRate: s.adminFeeRate,
    },
    event: row.event
      ? {
          id: row.event.id,
          name: row.event.name,
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
    isActive: c.published && row.status === CampaignStatus.Active && started,
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
 * A campaign by identifier: its url (or, failing that, its short code) for
 * idType 0, its id for idType 1. Null when nothing matches.
 */
export async function findCampaignByIdentifier(
  identifier: string,
  idType: number,
): Promise<CampaignRow | null> {
  const db = await getDb();
  let where: SQL;
  if (idType === IdType.ById) {
    const id = uuidOrNull(identifier);
    if (!id) return null;
    where = eq(campaigns.id, id);
  } else {
    where = sql`(${campaigns.url} = ${identifier.toLowerCase()} or ${campaigns.shortUrl} = ${identifier})`;
  }
  const [row] = await db
    .select()
    .from(campaigns)
    .where(where)
    .orderBy(sql`(${campaigns.url} = ${identifier.toLowerCase()}) desc`)
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
  const campaign = await findCampaignByIdentifier(identifier, idType);
  if (!campaign) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
  await assertCanViewCampaign(viewer, campaign);
  dependsOn(campaignTag(campaign.id), campaign.organisationId && organisationTag(campaign.organisationId));
  await persistExpiry(campaign);
  const [detail, donations] = await Promise.all([
    loadCampaignDetail(campaign.id),
    campaignPageDonations(campaign.id),
  ]);
  if (!detail) throw notFound(CAMPAIGN_ACCESS_MESSAGES.notFound);
  return { ...detail, ...donations };
}

/** The `idType` query parameter: 1 is by id, anything else by url path (the default). */
export function idTypeOf(param: string | null): number {
  return param === String(IdType.ById) ? IdType.ById : IdType.ByPath;
}

/**
 * The share cards of `/share/campaign/{url}.png`, `/share/organization/{url}.png` and
 * `/share/event/{slug}.png`, and what the
 * pages need to name them. A card is found for what the public page shows (drafts and hidden
 * campaigns have none) and declares the page-cache tags of what it shows, so a booked donation
 * drops the cached card with the page.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { EventPage } from '~/lib/contracts/events';
import { IdType } from '~/lib/enums';
import { fromCents, toCents } from '~/lib/money';
import { campaignTag, dependsOn, organisationTag } from '~/lib/server/cache/tags';
import { isPubliclyViewable } from '~/lib/server/campaigns/access';
import { publiclySearchable } from '~/lib/server/campaigns/cards';
import { findCampaignByIdentifier, loadCampaignDetail } from '~/lib/server/campaigns/details';
import { getDb } from '~/lib/server/db';
import { campaignImages, campaigns, storedFiles } from '~/lib/server/db/schema';
import { loadEventPage } from '~/lib/server/events/eventPage';
import { getOrganisationPublicDetails } from '~/lib/server/organisations/publicDetails';
import { imageUrl } from '~/lib/server/platform/files';
import {
  campaignCardContent,
  eventCardContent,
  type OrganisationCardSource,
  organisationCardContent,
  type ShareCardContent,
  storedImageKey,
} from './cardContent';
import { type ShareCardImage, storedShareCard } from './cardStore';

/** Campaign and organisation urls are slugs; anything else is not worth a query. */
const SLUG = /^[A-Za-z0-9][A-Za-z0-9_-]{0,119}$/;

/** The image of the organisation's oldest public campaign that has one, or null. */
async function firstCampaignImageUrl(organisationId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ id: storedFiles.id, storageKey: storedFiles.storageKey, url: storedFiles.url })
    .from(campaigns)
    .innerJoin(
      campaignImages,
      and(eq(campaignImages.campaignId, campaigns.id), eq(campaignImages.deleted, false)),
    )
    .innerJoin(storedFiles, eq(storedFiles.id, campaignImages.fileId))
    .where(and(eq(campaigns.organisationId, organisationId), publiclySearchable))
    .orderBy(
      asc(campaigns.createdAt),
      asc(campaigns.id),
      asc(campaignImages.position),
      asc(campaignImages.createdAt),
    )
    .limit(1);
  return row ? imageUrl(row) : null;
}

/**
 * What an organisation's card shows: its logo, or the image of its first campaign (looked up
 * only when there is no logo a card can draw).
 */
export async function organisationShareContent(
  organisation: OrganisationCardSource & { id: string },
): Promise<ShareCardContent> {
  const needsCampaignImage = storedImageKey(organisation.logo?.url) === null;
  const campaignImage = needsCampaignImage ? await firstCampaignImageUrl(organisation.id) : null;
  return organisationCardContent(organisation, campaignImage);
}

/** The card of a public campaign (private ones too: they are shared by link), or null for none. */
export async function getCampaignShareCard(url: string): Promise<ShareCardImage | null> {
  if (!SLUG.test(url)) return null;
  const campaign = await findCampaignByIdentifier(url, IdType.ByPath);
  if (!campaign || !isPubliclyViewable(campaign)) return null;
  dependsOn(campaignTag(campaign.id), campaign.organisationId && organisationTag(campaign.organisationId));
  const detail = await loadCampaignDetail(campaign.id);
  if (!detail) return null;
  return storedShareCard('campaign', campaign.id, campaignCardContent(detail));
}

/** The card of an organisation, or null when there is no such organisation. */
export async function getOrganisationShareCard(url: string): Promise<ShareCardImage | null> {
  if (!SLUG.test(url)) return null;
  // Declares the organisation's tags (and the lists', which its campaigns' totals move with).
  const details = await getOrganisationPublicDetails(url, IdType.ByPath);
  if (!details) return null;
  return storedShareCard('organisation', details.id, await organisationShareContent(details));
}

/** What an event's card shows: the picture of its campaign that raised most, its name and total (as the page's headline). */
export function eventShareContent(page: EventPage): ShareCardContent {
  return eventCardContent({
    name: page.event.name,
    raised: fromCents(toCents(page.totals.raised) + toCents(page.totals.offline)),
    campaigns: page.totals.campaigns,
    campaignImageUrl: page.byRaised[0]?.campaign.image?.url ?? null,
  });
}

/** The card of an event, or null when there is no such event. */
export async function getEventShareCard(slug: string): Promise<ShareCardImage | null> {
  // Declares the lists' tag: any campaign or donation may change the total or the leader.
  const page = await loadEventPage(slug);
  if (!page) return null;
  return storedShareCard('event', String(page.event.id), eventShareContent(page));
}

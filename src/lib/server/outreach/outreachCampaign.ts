import { eq, sql } from 'drizzle-orm';
import { Currency } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import { campaignTag, dependsOn } from '~/lib/server/cache/tags';
import { isPubliclyViewable } from '~/lib/server/campaigns/access';
import { effectiveStatusSql, raisedCentsSql, uniqueDonorsSql } from '~/lib/server/campaigns/cards';
import { getDb } from '~/lib/server/db';
import { campaignSettings, campaigns, currencies } from '~/lib/server/db/schema';
import type { FileRef } from '~/lib/server/platform/files';

/** What a poster, a QR code and the donate widget show of a campaign. */
export interface OutreachCampaign {
  id: string;
  name: string;
  url: string;
  shortUrl: string;
  /** In the campaign's currency, 2 decimals. */
  donationTarget: number;
  totalRaised: number;
  currency: { id: number; symbol: string };
  showBarometer: number;
  uniqueDonors: number;
  status: number;
  /** Staff paused its donations while they review it: no Donate, the widget says why. */
  donationsPaused: boolean;
  endDate: Date | null;
  image: (FileRef & { alt: string | null }) | null;
  /** The campaign takes SnapScan (its switch is on and it raises rand): its poster may carry a SnapScan code. */
  takesSnapscan: boolean;
}

/** Campaign urls are slugs; anything else is not worth a database query. */
const CAMPAIGN_URL = /^[A-Za-z0-9][A-Za-z0-9_-]{0,119}$/;

const firstImage = sql<(FileRef & { alt: string | null }) | null>`(
  select json_build_object('id', f.id, 'url', f.url, 'storageKey', f.storage_key, 'alt', ci.alt)
  from campaign_images ci join stored_files f on f.id = ci.file_id
  where ci.campaign_id = "campaigns"."id" and not ci.deleted order by ci.position, ci.created_at limit 1
)`;

/**
 * The campaign at /campaign/{url} as any visitor sees it, or null for an unknown url, a draft or a
 * hidden campaign. Never by who asks: these answers are cached and shared by every visitor, so
 * even the owner gets a 404 for their draft (the editor explains why). Private campaigns are
 * link-only, not secret, so they get posters and widgets like the campaign page itself.
 */
export async function findOutreachCampaign(url: string): Promise<OutreachCampaign | null> {
  if (!CAMPAIGN_URL.test(url)) return null;
  const db = await getDb();
  const [row] = await db
    .select({
      campaign: campaigns,
      status: effectiveStatusSql,
      raised: raisedCentsSql,
      donors: uniqueDonorsSql,
      image: firstImage,
      symbol: currencies.symbol,
      currencyId: currencies.id,
      showBarometer: campaignSettings.showBarometer,
      showSnapscan: campaignSettings.showSnapscan,
      donationsPausedAt: campaignSettings.donationsPausedAt,
    })
    .from(campaigns)
    .innerJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id))
    .innerJoin(currencies, eq(currencies.id, campaignSettings.currencyId))
    .where(eq(campaigns.url, url.toLowerCase()))
    .limit(1);
  if (!row) return null;
  // Rebuilt when the campaign, its images, settings or donations change (migration 0005's triggers).
  dependsOn(campaignTag(row.campaign.id));
  if (!isPubliclyViewable(row.campaign)) return null;
  const c = row.campaign;
  return {
    id: c.id,
    name: c.name,
    url: c.url,
    shortUrl: c.shortUrl,
    donationTarget: fromCents(c.donationTarget),
    totalRaised: fromCents(Number(row.raised) + c.offlineDonations),
    currency: { id: row.currencyId, symbol: row.symbol },
    showBarometer: row.showBarometer,
    uniqueDonors: row.donors,
    status: row.status,
    endDate: c.endDate,
    image: row.image,
    takesSnapscan: row.showSnapscan && row.currencyId === Currency.Rand,
    donationsPaused: row.donationsPausedAt !== null,
  };
}

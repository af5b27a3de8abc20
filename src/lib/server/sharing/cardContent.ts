/**
 * What a share card (the 1200×630 link-preview image) shows, as display-ready text, and its
 * fingerprint. Pure: the campaign and organisation pages compute the same content from the same
 * data as the card's route, so the page's og:image address (`?v=<fingerprint>`) names the card
 * the route serves.
 *
 * A card speaks the page's language (issue 27): its captions are read when the content is made,
 * and the language is part of its fingerprint, so `/zu/share/campaign/x.png` is a card of its own.
 */
import { createHash } from 'node:crypto';
import { barometerOf } from '~/lib/campaignDisplay';
import { Currency } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { baseLocale } from '~/lib/i18n/languages';
import { localizeHref } from '~/lib/i18n/paths';
import { formatMoney, fromCents, toCents } from '~/lib/money';
import { isDemoPicture } from '~/lib/server/db/seed/demo-images';
import { currentLocale } from '~/lib/server/i18n/locale';

export const SHARE_CARD_WIDTH = 1200;
export const SHARE_CARD_HEIGHT = 630;

/** Bump when the drawing changes, so every card gets a new fingerprint and is drawn again. */
const CARD_LAYOUT_VERSION = 1;

export interface ShareCardContent {
  title: string;
  /** The raised total as the pages print it ("R 12 500.00"). */
  amount: string;
  /** The words after the amount: "raised of R 25 000.00 target", "raised from 12 donors", "raised". */
  caption: string;
  /** Raised against the target (3 decimals; past 1 when over it); null when the card shows no bar. */
  progress: number | null;
  /** The picture: a public stored image's key, drawn to fill its panel (cover) or fitted inside it (logo). */
  image: { key: string; fit: 'cover' | 'contain' } | null;
}

/** The fields of a campaign's public detail a card reads (the API's detail and the page's input both fit). */
export interface CampaignCardSource {
  name: string;
  images: readonly (string | { url: string })[];
  donationsReceivedTotal: number;
  offlineDonations: number;
  donationTarget: number;
  uniqueDonors?: number | null;
  campaignSetting: { currency: { symbol: string }; showBarometer?: number | null };
}

/** The fields of an organisation's public details a card reads. */
export interface OrganisationCardSource {
  legalName: string;
  logo: { url: string; fileName?: string } | null;
  orgDonationsTotal: number;
  orgOffilineDonationsTotal: number;
  totalCampaigns: number;
}

// Only images the files service stored (re-encoded WebP) are decoded for a card, and the demo
// pictures, whose SVG is made again from the seed's code (demo-images.ts): never an SVG from a
// file (a logo uploaded before the image rules), whose decoder follows references.
const STORED_IMAGE = /^\/files\/(images\/(?:campaign|logo)\/[0-9a-f-]{36}\/\d+\.webp)$/;
const DEMO_PICTURE = /^\/(demo\/[a-z0-9-]+\.svg)$/;

/** The storage key behind a picture's public url, or null for anything a card does not draw. */
export function storedImageKey(url: string | null | undefined): string | null {
  if (!url) return null;
  const stored = STORED_IMAGE.exec(url)?.[1];
  if (stored) return stored;
  const demo = DEMO_PICTURE.exec(url)?.[1];
  return demo && isDemoPicture(demo) ? demo : null;
}

/** A campaign's card: its first image, name, raised total and, when its barometer shows amounts, progress. */
export function campaignCardContent(source: CampaignCardSource): ShareCardContent {
  const currency = source.campaignSetting.currency;
  const total = fromCents(toCents(source.donationsReceivedTotal) + toCents(source.offlineDonations));
  const barometer = barometerOf(source.campaignSetting.showBarometer, {
    totalRaised: total,
    donationTarget: source.donationTarget,
    uniqueDonors: source.uniqueDonors ?? 0,
  });
  const first = source.images[0];
  const key = storedImageKey(typeof first === 'string' ? first : first?.url);
  const target = source.donationTarget;
  return {
    title: source.name.trim(),
    amount: formatMoney(total, currency),
    caption:
      barometer.kind === 'donors'
        ? m.share_caption_raised_from_donors({ count: barometer.donors })
        : target > 0
          ? m.share_caption_raised_of_target({ target: formatMoney(target, currency) })
          : m.share_caption_raised(),
    // A hidden barometer or no target: the card shows no bar, as the page shows none.
    progress:
      barometer.kind === 'amount' && target > 0
        ? Math.round((Math.max(total, 0) / target) * 1000) / 1000
        : null,
    image: key ? { key, fit: 'cover' } : null,
  };
}

/** 'raised by 3 campaigns', or 'raised' when there are none, in the current language. */
function campaignsCaption(count: number): string {
  return count > 0 ? m.share_caption_raised_by_campaigns({ count }) : m.share_caption_raised();
}

/**
 * An organisation's card: its logo (fitted), else `campaignImageUrl` (its first campaign's image,
 * filling the panel), its name, the rand total its campaigns raised and how many there are.
 */
export function organisationCardContent(
  source: OrganisationCardSource,
  campaignImageUrl: string | null,
): ShareCardContent {
  const logoKey = storedImageKey(source.logo?.url);
  const campaignKey = storedImageKey(campaignImageUrl);
  return {
    title: source.legalName.trim(),
    amount: formatMoney(
      fromCents(toCents(source.orgDonationsTotal) + toCents(source.orgOffilineDonationsTotal)),
      Currency.Rand,
    ),
    caption: campaignsCaption(source.totalCampaigns),
    progress: null,
    image: logoKey
      ? { key: logoKey, fit: 'contain' }
      : campaignKey
        ? { key: campaignKey, fit: 'cover' }
        : null,
  };
}

/** The fields of an event's page a card reads. */
export interface EventCardSource {
  name: string;
  /** Rand: online less refunds, and offline. */
  raised: number;
  campaigns: number;
  /** The picture of its campaign that raised most, if any. */
  campaignImageUrl: string | null;
}

/** An event's card: its leading campaign's picture, its name, the rand total and how many campaigns raised it. */
export function eventCardContent(source: EventCardSource): ShareCardContent {
  const key = storedImageKey(source.campaignImageUrl);
  return {
    title: source.name.trim(),
    amount: formatMoney(source.raised, Currency.Rand),
    caption: campaignsCaption(source.campaigns),
    progress: null,
    image: key ? { key, fit: 'cover' } : null,
  };
}

/**
 * 16 hex digits of the SHA-256 of everything the card shows, and of its language (the current
 * one; English cards keep the fingerprints they always had): a change in any of it is a new card.
 */
export function cardFingerprint(content: ShareCardContent): string {
  const locale = currentLocale();
  const canonical = JSON.stringify([
    ...(locale === baseLocale ? [] : [locale]),
    CARD_LAYOUT_VERSION,
    content.title,
    content.amount,
    content.caption,
    content.progress,
    content.image?.key ?? null,
    content.image?.fit ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex').slice(0, 16);
}

/** A link preview's image: the card's address (with its fingerprint) and what Open Graph says about it. */
export interface ShareImageMeta {
  url: string;
  alt: string;
  width: number;
  height: number;
  type: 'image/png';
}

/**
 * The card of `/share/{kind}/{url}.png` as a page names it, in the page's language
 * (`/zu/share/…` on an isiZulu page); `?v=` changes whenever the card does.
 */
export function shareImageMeta(
  kind: 'campaign' | 'organization' | 'event',
  url: string,
  content: ShareCardContent,
): ShareImageMeta {
  return {
    url: localizeHref(
      `/share/${kind}/${encodeURIComponent(url)}.png?v=${cardFingerprint(content)}`,
      currentLocale(),
    ),
    alt: `${content.title}: ${content.amount} ${content.caption}`,
    width: SHARE_CARD_WIDTH,
    height: SHARE_CARD_HEIGHT,
    type: 'image/png',
  };
}

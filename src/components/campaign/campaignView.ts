/**
 * The public campaign page's view of a campaign: the SPEC §3 "Campaign detail"
 * (as the campaigns service answers it) turned into what the page prints, in
 * one pure function, so the components hold no rules.
 */

import type { ProfileMeta } from '~/components/shell/profileMeta';
import {
  type Barometer,
  barometerOf,
  type CampaignTimeDisplay,
  type CampaignType,
  campaignCategoryName,
  campaignHref,
  campaignStatusText,
  campaignSubCategoryName,
  campaignTimeDisplay,
  campaignTypeLabel,
  campaignTypeOf,
  donationHref,
  donorsText,
  formatLocalShortDate,
  peopleGivenText,
  progressPercent,
  type VideoEmbed,
  videoEmbedOf,
  yesNoText,
} from '~/lib/campaignDisplay';
import type { ImageView, PublicCampaignDetail } from '~/lib/contracts/campaigns';
import type { CampaignPageDonation } from '~/lib/contracts/donations';
import { toDate } from '~/lib/dates';
import { publicDonorName } from '~/lib/donationDisplay';
import { CampaignStatus, Visibility } from '~/lib/enums';
import { eventHref } from '~/lib/eventLinks';
import { m } from '~/lib/i18n';
import { formatMoney, fromCents, toCents } from '~/lib/money';
import { fullName, initialsOf } from '~/lib/people';
import { env } from '~/lib/server/platform/env';
import { campaignCardContent, type ShareImageMeta, shareImageMeta } from '~/lib/server/sharing/cardContent';
import { campaignJsonLd } from '~/lib/server/sharing/structuredData';
import { textExcerpt } from '~/lib/share';

export interface ViewImage {
  url: string;
  alt: string;
  srcset: string | null;
  width: number;
  height: number;
}

export interface ViewDonation {
  key: string;
  name: string;
  amount: string;
  comment: string | null;
  dateText: string;
  createdAt: string | null;
}

export interface CampaignView {
  id: string;
  url: string;
  href: string;
  donateHref: string;
  canDonate: boolean;
  /** Why there is no Donate button, when there is none. */
  donationNotice: string | null;
  /** The owner's note closing the campaign, inside donationNotice ('This campaign is closed. {note}'): their words. */
  closeNote: string | null;
  /** Private (link-only) campaigns stay out of search engines. */
  noindex: boolean;
  name: string;
  storyHtml: string;
  /** The story's own language, marked on it (the owner's words are not translated). */
  storyLanguage: string;
  excerpt: string;
  createdText: string;
  createdAt: string;
  images: ViewImage[];
  videos: VideoEmbed[];
  owner: { name: string; image: string | null; initials: string; campaignsText: string };
  organisation: { legalName: string; href: string; campaignsText: string } | null;
  category: string;
  subCategory: string | null;
  /** The event the campaign is part of, and its page. */
  event: { name: string; href: string } | null;
  location: string | null;
  money: { raisedOnPlatform: string; raisedOffline: string; total: string; target: string };
  /** The same totals as numbers in the campaign's currency (its ISO ticker), for structured data. */
  amounts: { raised: number; target: number; currency: string };
  /** The campaign's share card, as link previews name it (changes with what the card shows). */
  shareImage: ShareImageMeta;
  progress: string;
  barometer: Barometer;
  /** The barometer's caption: "R 1 000.00 of R 5 000.00" or "3 donors". */
  barometerText: string;
  uniqueDonors: number;
  /** '142 people have given'; null before the first counted donation. */
  givenText: string | null;
  type: CampaignType;
  typeLabel: string;
  time: CampaignTimeDisplay;
  statusText: string;
  /** 'Yes' or 'No', in the page's language. */
  verifiedText: string;
  verified: boolean;
  topDonations: ViewDonation[];
  recentDonations: ViewDonation[];
}

/** The detail carries no image sizes: width and height give every picture a 16:9 box. */
const DEFAULT_IMAGE_SIZE = { width: 1200, height: 675 };

function imageOf(image: ImageView, name: string, index: number): ViewImage {
  return {
    url: image.url,
    alt: m.campaign_picture_alt({ name, number: index + 1 }),
    srcset: image.srcSet || null,
    width: DEFAULT_IMAGE_SIZE.width,
    height: DEFAULT_IMAGE_SIZE.height,
  };
}

function campaignsText(count: number): string {
  return m.campaign_campaigns_count({ count });
}

/** Why a campaign takes no donations, in the words of its state. */
function donationNoticeOf(detail: PublicCampaignDetail, now: Date): string {
  // English: DONATIONS_PAUSED_MESSAGE of src/lib/campaignModeration.ts, word for word.
  if (detail.donationsPaused) return m.campaign_donations_paused();
  if (detail.status === CampaignStatus.Closed) {
    const note = detail.closeReason?.note?.trim();
    return note ? m.campaign_closed_with_note({ note }) : m.campaign_closed();
  }
  const end = toDate(detail.endDate);
  if (detail.status === CampaignStatus.Expired || (end && end.getTime() <= now.getTime())) {
    return m.campaign_ended();
  }
  const start = toDate(detail.startDate);
  if (detail.published && start && start.getTime() > now.getTime()) return m.campaign_opens_at_start();
  return m.campaign_not_accepting();
}

/** A donor's public name; 'Anonymous' in the page's language. */
function donorNameOf(donation: CampaignPageDonation): string {
  const name = publicDonorName(donation);
  return name === 'Anonymous' ? m.campaign_donor_anonymous() : name;
}

/** Turns the campaign detail into what the public campaign page prints. */
export function toCampaignView(detail: PublicCampaignDetail, now: Date = new Date()): CampaignView {
  const currency = detail.campaignSetting.currency;
  const money = (amount: number): string => formatMoney(amount, currency);
  const total = fromCents(toCents(detail.donationsReceivedTotal) + toCents(detail.offlineDonations));
  const type = campaignTypeOf({
    fundingType: detail.fundingType,
    organisation: detail.organization ?? null,
    ownerOrgRole: detail.owner.orgUserRole,
  });
  const uniqueDonors = detail.uniqueDonors;
  const barometer = barometerOf(detail.campaignSetting.showBarometer, {
    totalRaised: total,
    donationTarget: detail.donationTarget,
    uniqueDonors,
  });
  const donations = (list: readonly CampaignPageDonation[]): ViewDonation[] =>
    list.map((d) => ({
      key: d.id,
      name: donorNameOf(d),
      amount: money(d.amount),
      comment: d.comment?.trim() || null,
      dateText: formatLocalShortDate(d.createdAt),
      createdAt: d.createdAt,
    }));
  const canDonate = detail.isActive;
  const place = [detail.address?.city, detail.address?.province].filter((p) => p?.trim()).join(', ');
  return {
    id: detail.id,
    url: detail.url,
    href: campaignHref(detail.url),
    donateHref: donationHref(detail.url),
    canDonate,
    donationNotice: canDonate ? null : donationNoticeOf(detail, now),
    closeNote:
      !canDonate && !detail.donationsPaused && detail.status === CampaignStatus.Closed
        ? detail.closeReason?.note?.trim() || null
        : null,
    noindex: detail.visibility === Visibility.Private,
    name: detail.name,
    storyHtml: detail.story,
    storyLanguage: detail.language,
    excerpt: textExcerpt(detail.story, 200) || detail.name,
    createdText: formatLocalShortDate(detail.createdAt),
    createdAt: detail.createdAt,
    images: detail.images.map((image, i) => imageOf(image, detail.name, i)),
    videos: detail.videos.map(videoEmbedOf).filter((v): v is VideoEmbed => v !== null),
    owner: {
      name: fullName(detail.owner),
      image: detail.owner.image?.url || null,
      initials: initialsOf(detail.owner),
      campaignsText: campaignsText(detail.owner.totalCampaigns),
    },
    organisation: detail.organization
      ? {
          legalName: detail.organization.legalName,
          href: `/organization/${encodeURIComponent(detail.organization.url)}`,
          campaignsText: campaignsText(detail.organization.totalCampaigns),
        }
      : null,
    category: campaignCategoryName(detail.campaignCategory),
    subCategory: detail.campaignSubCategory ? campaignSubCategoryName(detail.campaignSubCategory.name) : null,
    event: detail.event ? { name: detail.event.name, href: eventHref(detail.event.slug) } : null,
    location: place || null,
    money: {
      raisedOnPlatform: money(detail.donationsReceivedTotal),
      raisedOffline: money(detail.offlineDonations),
      total: money(total),
      target: money(detail.donationTarget),
    },
    amounts: { raised: total, target: detail.donationTarget, currency: currency.ticker },
    shareImage: shareImageMeta('campaign', detail.url, campaignCardContent(detail)),
    progress: progressPercent(total, detail.donationTarget),
    barometer,
    barometerText:
      barometer.kind === 'donors'
        ? donorsText(uniqueDonors)
        : m.campaign_raised_of({ raised: money(total), target: money(detail.donationTarget) }),
    uniqueDonors,
    givenText: uniqueDonors > 0 ? peopleGivenText(uniqueDonors) : null,
    type,
    typeLabel: campaignTypeLabel(type),
    time: campaignTimeDisplay(detail, now),
    statusText: detail.donationsPaused ? m.campaign_status_paused() : campaignStatusText(detail.status),
    // The service already gives an organisation campaign its organisation's verification.
    verifiedText: yesNoText(detail.isVerified),
    verified: detail.isVerified,
    topDonations: donations(detail.topDonations),
    recentDonations: donations(detail.recentDonations),
  };
}

/** The page's title, share card (its picture, name, raised total and progress) and structured data. */
export function campaignPageMeta(campaign: CampaignView): ProfileMeta {
  return {
    title: campaign.name,
    description: campaign.excerpt,
    shareImage: campaign.shareImage,
    jsonLd: campaignJsonLd(campaign, env.publicUrl),
    canonicalPath: campaign.href,
    noindex: campaign.noindex,
  };
}

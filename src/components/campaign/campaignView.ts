/**
 * The public campaign page's view of a campaign: the SPEC §3 "Campaign detail"
 * (as the campaigns service answers it) turned into what the page prints, in
 * one pure function, so the components hold no rules.
 */

import {
  acceptsDonations,
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
  isCampaignVerified,
  peopleGivenText,
  progressPercent,
  type VideoEmbed,
  videoEmbedOf,
  yesNoText,
} from '~/lib/campaignDisplay';
import { toDate } from '~/lib/dates';
import { publicDonorName } from '~/lib/donationDisplay';
import { CampaignStatus, Visibility } from '~/lib/enums';
import { eventHref } from '~/lib/eventLinks';
import { m } from '~/lib/i18n';
import { formatMoney, fromCents, toCents } from '~/lib/money';
import { fullName, initialsOf } from '~/lib/people';
import { campaignCardContent, type ShareImageMeta, shareImageMeta } from '~/lib/server/sharing/cardContent';
import { textExcerpt } from '~/lib/share';

/** An image as the detail carries it (ImageView of src/lib/contracts/campaigns.ts); `srcSet` lists its stored widths. */
export interface DetailImage {
  url: string;
  fileName?: string | null;
  alt?: string | null;
  srcSet?: string | null;
  width?: number | null;
  height?: number | null;
}

/** A donation in the top or recent donations lists (filled by the donations service). */
export interface DetailDonation {
  id?: string;
  displayName?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  anonymous?: boolean;
  amount: number;
  comment?: string | null;
  createdAt?: string | null;
}

/** The fields of SPEC §3 "Campaign detail" the public page reads (names exactly as the SPEC). */
export interface CampaignDetailInput {
  id: string;
  createdAt: string;
  name: string;
  story: string;
  /** The story's language; English when absent (older callers). */
  language?: string;
  startDate: string | null;
  endDate: string | null;
  donationTarget: number;
  url: string;
  images: readonly (DetailImage | string)[];
  videos: readonly string[];
  isVerified: boolean;
  fundingType: number;
  donationsReceivedTotal: number;
  offlineDonations: number;
  owner: {
    firstName: string;
    lastName: string;
    image?: string | { url: string } | null;
    totalCampaigns?: number | null;
    orgUserRole?: number | null;
  };
  campaignCategory?: { id: number; name: string } | null;
  campaignSubCategory?: { id: number; name: string } | null;
  campaignSetting: {
    currency: { id: number; ticker: string; symbol: string; locale?: string };
    showBarometer?: number | null;
  };
  event?: { id: number; name: string; slug: string } | null;
  address?: { city?: string | null; province?: string | null } | null;
  organization?: {
    id: string;
    legalName: string;
    totalCampaigns?: number | null;
    url: string;
    isVerified?: boolean | null;
  } | null;
  published: boolean;
  /** The service's word on whether donations are taken (launched, active, started); derived when absent. */
  isActive?: boolean;
  donationsPaused?: boolean;
  status: number;
  /** 0 private (link only), 1 public. */
  visibility?: number;
  uniqueDonors?: number | null;
  closeReason?: { name: string; note?: string | null } | null;
  topDonations?: readonly DetailDonation[] | null;
  recentDonations?: readonly DetailDonation[] | null;
}

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
  owner: { name: string; image: string | null; initials: string; campaignsText: string | null };
  organisation: { legalName: string; href: string; campaignsText: string | null } | null;
  category: string | null;
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

const DEFAULT_IMAGE_SIZE = { width: 1200, height: 675 };

function imageOf(image: DetailImage | string, name: string, index: number): ViewImage {
  const source = typeof image === 'string' ? { url: image } : image;
  return {
    url: source.url,
    alt: source.alt?.trim() || m.campaign_picture_alt({ name, number: index + 1 }),
    srcset: source.srcSet || null,
    width: source.width ?? DEFAULT_IMAGE_SIZE.width,
    height: source.height ?? DEFAULT_IMAGE_SIZE.height,
  };
}

function campaignsText(count: number | null | undefined): string | null {
  if (typeof count !== 'number') return null;
  return m.campaign_campaigns_count({ count });
}

/** Why a campaign takes no donations, in the words of its state. */
function donationNoticeOf(detail: CampaignDetailInput, now: Date): string {
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
function donorNameOf(donation: DetailDonation): string {
  const name = publicDonorName(donation);
  return name === 'Anonymous' ? m.campaign_donor_anonymous() : name;
}

/** Turns the campaign detail into what the public campaign page prints. */
export function toCampaignView(detail: CampaignDetailInput, now: Date = new Date()): CampaignView {
  const currency = detail.campaignSetting.currency;
  const money = (amount: number): string => formatMoney(amount, currency);
  const total = fromCents(toCents(detail.donationsReceivedTotal) + toCents(detail.offlineDonations));
  const type = campaignTypeOf({
    fundingType: detail.fundingType,
    organisation: detail.organization ?? null,
    ownerOrgRole: detail.owner.orgUserRole ?? null,
  });
  const uniqueDonors = detail.uniqueDonors ?? 0;
  const barometer = barometerOf(detail.campaignSetting.showBarometer, {
    totalRaised: total,
    donationTarget: detail.donationTarget,
    uniqueDonors,
  });
  const ownerImage = detail.owner.image;
  const donations = (list: readonly DetailDonation[] | null | undefined, kind: string): ViewDonation[] =>
    (list ?? []).map((d, i) => ({
      key: d.id ?? `${kind}-${i}`,
      name: donorNameOf(d),
      amount: money(d.amount),
      comment: d.comment?.trim() || null,
      dateText: formatLocalShortDate(d.createdAt ?? null),
      createdAt: d.createdAt ?? null,
    }));
  const canDonate = detail.isActive ?? acceptsDonations(detail, now);
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
    storyLanguage: detail.language ?? 'en',
    excerpt: textExcerpt(detail.story, 200) || detail.name,
    createdText: formatLocalShortDate(detail.createdAt),
    createdAt: detail.createdAt,
    images: detail.images.map((image, i) => imageOf(image, detail.name, i)),
    videos: detail.videos.map(videoEmbedOf).filter((v): v is VideoEmbed => v !== null),
    owner: {
      name: fullName(detail.owner),
      image: (typeof ownerImage === 'string' ? ownerImage : ownerImage?.url) || null,
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
    category: detail.campaignCategory ? campaignCategoryName(detail.campaignCategory) : null,
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
    verifiedText: yesNoText(isCampaignVerified(detail)),
    verified: isCampaignVerified(detail),
    topDonations: donations(detail.topDonations, 'top'),
    recentDonations: donations(detail.recentDonations, 'recent'),
  };
}

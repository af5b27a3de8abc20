/**
 * The public organisation page's view of an organisation: SPEC §3
 * "Organisation public details" (as the organisations service answers it)
 * turned into what the page prints, in one pure function.
 */

import { donationHref, type VideoEmbed, videoEmbedOf } from '~/lib/campaignDisplay';
import type { OrganisationPublicDetails } from '~/lib/contracts/organisations';
import { Currency } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { formatMoney, fromCents, toCents } from '~/lib/money';
import { initialsOfWords } from '~/lib/people';
import { type SocialPlatform, socialPlatformOf } from '~/lib/schemas/campaign';
import type { OrganisationCardSource } from '~/lib/server/sharing/cardContent';
import type { OrganisationLdSource } from '~/lib/server/sharing/structuredData';
import { textExcerpt } from '~/lib/share';
import { campaignsText } from './championView';
import { organisationTypeLabel, sectorLabel } from './lookupLabels';

/** A social link's label: the platform's name, or 'Website' in the page's language. */
function platformLabel(platform: SocialPlatform): string {
  const names: Readonly<Record<Exclude<SocialPlatform, 'website'>, string>> = {
    facebook: 'Facebook',
    instagram: 'Instagram',
    x: 'X',
    tiktok: 'TikTok',
    linkedin: 'LinkedIn',
  };
  return platform === 'website' ? m.organisation_website() : names[platform];
}

export interface OrganisationLink {
  href: string;
  label: string;
}

export interface OrganisationView {
  id: string;
  url: string;
  href: string;
  legalName: string;
  otherName: string | null;
  logo: { url: string; alt: string; raster: boolean } | null;
  initials: string;
  isVerified: boolean;
  type: string | null;
  sectors: string[];
  /** Each address as one line ("1845 Vilakazi Street, Orlando West, Soweto, Gauteng, 1804"). */
  addresses: string[];
  /** The first address in parts, for structured data. */
  postalAddress: OrganisationLdSource['postalAddress'];
  /** What the organisation's share card is made of. */
  shareCard: OrganisationCardSource;
  /** Sanitised HTML (the service's allow-list), or null when there is none. */
  descriptionHtml: string | null;
  /** Plain text for link previews and search results. */
  excerpt: string;
  videos: VideoEmbed[];
  socials: OrganisationLink[];
  website: OrganisationLink | null;
  money: { online: string; offline: string; total: string };
  campaignsText: string;
  /**
   * The page's Donate: the donation page of the one open campaign the organisation runs itself,
   * else its campaigns (`#campaigns`) to choose from (`choose`); null when it has no public campaign.
   */
  donate: { href: string; choose: boolean } | null;
  /** Its NPO and PBO registration numbers, those it has, labelled. */
  registrations: { label: string; value: string }[];
}

/** An http(s) address as it is, or null: nothing else becomes a link. */
function httpLink(link: string | null | undefined): string | null {
  if (!link) return null;
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The address of a public organisation page. */
export function organisationHref(url: string): string {
  return `/organization/${encodeURIComponent(url)}`;
}

function addressLine(address: OrganisationPublicDetails['organizationAddresses'][number]): string {
  return [
    address.addressLine1,
    address.addressLine2,
    address.city,
    address.province,
    address.zip,
    address.country,
  ]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

function postalAddressOf(
  address: OrganisationPublicDetails['organizationAddresses'][number] | undefined,
): OrganisationLdSource['postalAddress'] {
  if (!address) return null;
  const clean = (part: string | null | undefined): string | null => part?.trim() || null;
  const street = [address.addressLine1, address.addressLine2].map(clean).filter(Boolean).join(', ');
  if (!street && !clean(address.city)) return null;
  return {
    streetAddress: street,
    addressLocality: clean(address.city),
    addressRegion: clean(address.province),
    postalCode: clean(address.zip),
    addressCountry: clean(address.country),
  };
}

/**
 * Where the page's Donate goes. Letsema takes gifts only through campaigns, so, as GoFundMe's
 * charity page gives straight to the charity, an organisation with one open campaign of its own
 * gives to that one; with none or several, as Open Collective's Contribute lists the ways to give,
 * Donate goes to the campaigns to choose from. No public campaign at all: no Donate to offer.
 */
function donateOf(details: OrganisationPublicDetails): OrganisationView['donate'] {
  if (details.ownCampaignUrl) return { href: donationHref(details.ownCampaignUrl), choose: false };
  return details.totalCampaigns > 0 ? { href: '#campaigns', choose: true } : null;
}

function registrationsOf(details: OrganisationPublicDetails): OrganisationView['registrations'] {
  return [
    ...(details.npoNumber ? [{ label: m.organisation_npo_number(), value: details.npoNumber }] : []),
    ...(details.pboNumber ? [{ label: m.organisation_pbo_number(), value: details.pboNumber }] : []),
  ];
}

/** Turns the public details into what the public organisation page prints. */
export function toOrganisationView(details: OrganisationPublicDetails): OrganisationView {
  const rand = (amount: number): string => formatMoney(amount, Currency.Rand);
  const online = details.orgDonationsTotal;
  const offline = details.orgOffilineDonationsTotal;
  const socials = details.socialUrls.flatMap((link) => {
    const href = httpLink(link);
    return href ? [{ href, label: platformLabel(socialPlatformOf(href)) }] : [];
  });
  const website = httpLink(details.website);
  const name = details.legalName;
  return {
    id: details.id,
    url: details.url,
    href: organisationHref(details.url),
    legalName: name,
    otherName:
      details.otherName?.trim() && details.otherName.trim() !== name ? details.otherName.trim() : null,
    logo: details.logo
      ? {
          url: details.logo.url,
          alt: m.organisation_logo_alt({ name }),
          raster: !/\.svg(\?|$)/i.test(details.logo.url) && !/\.svg$/i.test(details.logo.fileName),
        }
      : null,
    initials: initialsOfWords(name),
    isVerified: details.isVerified,
    type: details.organizationType ? organisationTypeLabel(details.organizationType.name) : null,
    sectors: details.organizationSectors.map((sector) => sectorLabel(sector.name)),
    addresses: details.organizationAddresses.map(addressLine).filter(Boolean),
    postalAddress: postalAddressOf(details.organizationAddresses[0]),
    shareCard: {
      legalName: name,
      logo: details.logo,
      orgDonationsTotal: online,
      orgOffilineDonationsTotal: offline,
      totalCampaigns: details.totalCampaigns,
    },
    descriptionHtml: details.briefDescription,
    excerpt: textExcerpt(details.briefDescription ?? '', 200) || m.organisation_excerpt_fallback({ name }),
    videos: details.videoUrls.map(videoEmbedOf).filter((v): v is VideoEmbed => v !== null),
    socials,
    website: website ? { href: website, label: new URL(website).host.replace(/^www\./, '') } : null,
    money: {
      online: rand(online),
      offline: rand(offline),
      total: rand(fromCents(toCents(online) + toCents(offline))),
    },
    campaignsText: campaignsText(details.totalCampaigns),
    donate: donateOf(details),
    registrations: registrationsOf(details),
  };
}

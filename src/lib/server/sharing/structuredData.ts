/**
 * schema.org structured data for search engines: a campaign page is a `DonateAction`, an event page an `Event`, an
 * organisation page an `NGO`. Addresses are made absolute with the site's origin.
 */

export type JsonLd = Record<string, unknown>;

/**
 * JSON for a `<script type="application/ld+json">` element: `<`, `>` and `&` written as \u
 * escapes, so no value (a campaign named `</script><script>…`) can end the element or open a
 * comment; U+2028 and U+2029 too, for parsers that read JSON as JavaScript.
 */
export function jsonLdText(data: JsonLd): string {
  return JSON.stringify(data).replace(
    /[<>&\u2028\u2029]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

export interface CampaignLdSource {
  name: string;
  excerpt: string;
  href: string;
  donateHref: string;
  shareImage: { url: string };
  owner: { name: string };
  organisation: { legalName: string; href: string } | null;
  /** In the campaign's currency (ISO 4217 ticker). */
  amounts: { raised: number; target: number; currency: string };
}

/** A campaign page's `DonateAction`: what to give to, where to give (the donation page), to whom, and how far it got. */
export function campaignJsonLd(campaign: CampaignLdSource, origin: string): JsonLd {
  const absolute = (path: string): string => new URL(path, `${origin}/`).href;
  const { raised, target, currency } = campaign.amounts;
  return {
    '@context': 'https://schema.org',
    '@type': 'DonateAction',
    name: `Donate to ${campaign.name}`,
    description: campaign.excerpt,
    url: absolute(campaign.href),
    image: absolute(campaign.shareImage.url),
    target: { '@type': 'EntryPoint', urlTemplate: absolute(campaign.donateHref) },
    recipient: campaign.organisation
      ? { '@type': 'NGO', name: campaign.organisation.legalName, url: absolute(campaign.organisation.href) }
      : { '@type': 'Person', name: campaign.owner.name },
    priceCurrency: currency,
    // What the campaign raised so far (value) against its target (maxValue), as the page shows them.
    result: {
      '@type': 'MonetaryAmount',
      name: 'Raised so far',
      currency,
      value: raised,
      ...(target > 0 ? { maxValue: target } : {}),
    },
  };
}

export interface OrganisationLdSource {
  legalName: string;
  otherName: string | null;
  href: string;
  excerpt: string;
  logo: { url: string; raster: boolean } | null;
  postalAddress: {
    streetAddress: string;
    addressLocality: string | null;
    addressRegion: string | null;
    postalCode: string | null;
    addressCountry: string | null;
  } | null;
  socials: readonly { href: string }[];
  website: { href: string } | null;
}

/** An organisation page's `NGO`: name, page, logo, description, its first address and its own sites. */
export function organisationJsonLd(organisation: OrganisationLdSource, origin: string): JsonLd {
  const absolute = (path: string): string => new URL(path, `${origin}/`).href;
  const sameAs = [organisation.website?.href, ...organisation.socials.map((s) => s.href)].filter(
    (href): href is string => Boolean(href),
  );
  const address = organisation.postalAddress;
  return {
    '@context': 'https://schema.org',
    '@type': 'NGO',
    name: organisation.legalName,
    ...(organisation.otherName ? { alternateName: organisation.otherName } : {}),
    url: absolute(organisation.href),
    ...(organisation.logo?.raster ? { logo: absolute(organisation.logo.url) } : {}),
    description: organisation.excerpt,
    ...(address
      ? {
          address: {
            '@type': 'PostalAddress',
            ...Object.fromEntries(Object.entries(address).filter(([, value]) => value)),
          },
        }
      : {}),
    ...(sameAs.length > 0 ? { sameAs: [...new Set(sameAs)] } : {}),
  };
}

export interface EventLdSource {
  name: string;
  href: string;
  description: string | null;
  startDate: string | null;
  endDate: string | null;
  location: string | null;
  shareImage: { url: string };
}

/** An event page's `Event`: name, page, picture, when and where (a place named in words). */
export function eventJsonLd(event: EventLdSource, origin: string): JsonLd {
  const absolute = (path: string): string => new URL(path, `${origin}/`).href;
  return {
    '@context': 'https://schema.org',
    '@type': 'Event',
    name: event.name,
    url: absolute(event.href),
    image: absolute(event.shareImage.url),
    ...(event.description ? { description: event.description } : {}),
    ...(event.startDate ? { startDate: event.startDate } : {}),
    ...(event.endDate ? { endDate: event.endDate } : {}),
    ...(event.location ? { location: { '@type': 'Place', name: event.location } } : {}),
  };
}

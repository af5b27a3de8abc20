/**
 * What the public organisation page needs, read from the services (never over
 * HTTP): the public details, the first pages of its campaigns (the campaign
 * search scoped to the organisation) and of its champions. Nothing depends on
 * who is looking: every visitor gets the same page.
 */
import * as v from 'valibot';
import type { ProfileMeta } from '~/components/shell/profileMeta';
import type { CampaignSearchPage } from '~/lib/contracts/campaigns';
import type { ChampionsPage } from '~/lib/contracts/organisations';
import { IdType, PAGE_SIZES } from '~/lib/enums';
import { href } from '~/lib/i18n';
import { campaignSearchSchema } from '~/lib/schemas/search';
import { MAX_LINKED_PAGES, readPageNo } from '~/lib/search/address';
import { readPagesUpTo } from '~/lib/search/paging';
import { searchCampaigns } from '~/lib/server/campaigns/search';
import { championsUpTo } from '~/lib/server/organisations/champions';
import { getOrganisationPublicDetails } from '~/lib/server/organisations/publicDetails';
import { env } from '~/lib/server/platform/env';
import { shareImageMeta } from '~/lib/server/sharing/cardContent';
import { organisationShareContent } from '~/lib/server/sharing/shareCards';
import { organisationJsonLd } from '~/lib/server/sharing/structuredData';
import { type OrganisationView, toOrganisationView } from './organisationView';

export interface OrganisationPageData {
  organisation: OrganisationView;
  /** The title, share card and structured data of the page. */
  meta: ProfileMeta;
  campaigns: CampaignSearchPage;
  /** The page with one more page of campaigns, or null at the last page a link may ask for. */
  moreCampaignsHref: string | null;
  champions: ChampionsPage;
  moreChampionsHref: string | null;
  /** The server's clock, so the cards' time display hydrates the same. */
  now: string;
}

/** Organisation urls are slugs; anything else is not worth a database query. */
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9_-]{0,119}$/;

function campaignsPage(organisationId: string, pageNo: number): Promise<CampaignSearchPage> {
  const pageSize = PAGE_SIZES.campaignSearch;
  // Through the endpoint's own schema, so the page and 'Load more' (the API) list alike.
  return searchCampaigns(v.parse(campaignSearchSchema, { organizationId: organisationId, pageNo, pageSize }));
}

/** The address with `name` set to `pages + 1` (other parameters kept) in the page's language, or null past the last linkable page. */
function moreHref(url: URL, name: string, pages: number, hasMore: boolean, anchor: string): string | null {
  if (!hasMore || pages >= MAX_LINKED_PAGES) return null;
  const params = new URLSearchParams(url.searchParams);
  params.set(name, String(pages + 1));
  return href(`${url.pathname}?${params.toString()}#${anchor}`);
}

/**
 * The page's data for an organisation url, or null when there is no such
 * organisation: the page then sends the visitor to /misc/404 (SPEC §4).
 */
export async function loadOrganisationPage(
  identifier: string,
  url: URL,
): Promise<OrganisationPageData | null> {
  if (!IDENTIFIER.test(identifier)) return null;
  const details = await getOrganisationPublicDetails(identifier, IdType.ByPath);
  if (!details) return null;
  const campaignPages = readPageNo(url.searchParams, 'page');
  const championPages = readPageNo(url.searchParams, 'championsPage');
  const organisation = toOrganisationView(details);
  // Read here, not in the page's components: an await there would run the layout after the page
  // began streaming, when its CSP header (with the layout's script hashes) has already gone.
  const [campaigns, champions, shareCard] = await Promise.all([
    readPagesUpTo(campaignPages, PAGE_SIZES.campaignSearch, (n) => campaignsPage(details.id, n)),
    championsUpTo(details.id, championPages, PAGE_SIZES.champions),
    organisationShareContent({ id: organisation.id, ...organisation.shareCard }),
  ]);
  const campaignsMeta = campaigns.paginationMetadata;
  const championsMeta = champions.paginationMetadata;
  return {
    organisation,
    // Link previews show the organisation's share card, named as its route answers it.
    meta: {
      title: organisation.legalName,
      description: organisation.excerpt,
      shareImage: shareImageMeta('organization', organisation.url, shareCard),
      jsonLd: organisationJsonLd(organisation, env.publicUrl),
      canonicalPath: organisation.href,
    },
    campaigns,
    moreCampaignsHref: moreHref(
      url,
      'page',
      campaignPages,
      campaignsMeta.pageNo < campaignsMeta.pageCount,
      'campaigns',
    ),
    champions,
    moreChampionsHref: moreHref(
      url,
      'championsPage',
      championPages,
      championsMeta.pageNo < championsMeta.pageCount,
      'champions',
    ),
    now: new Date().toISOString(),
  };
}

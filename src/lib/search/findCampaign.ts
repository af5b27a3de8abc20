import { EVENT_SLUG_PATTERN } from '~/lib/eventLinks';
import { href, m } from '~/lib/i18n';
import type { CampaignOrder, OrganisationOrder } from '~/lib/schemas/search';
import {
  hrefWith,
  type PageParams,
  readChoice,
  readIds,
  readPageNo,
  readText,
  type SearchQueryFields,
  writeSearchParams,
} from './address';

// /find-campaign's two searches (SPEC §3): what an address means, for the page (server), its
// forms' script and the stores alike. Each tab's query is read from and written to the address by
// the same few rules; the organisations' tab is ?tab=organisations.

// ── The tabs ──────────────────────────────────────────────────────────────────────────────────────

/** The tabs of /find-campaign (SPEC §3 search state: the current tab, 'campaigns' by default). */
export const SEARCH_TABS = ['campaigns', 'organisations'] as const;
export type SearchTab = (typeof SEARCH_TABS)[number];
export const DEFAULT_SEARCH_TAB: SearchTab = 'campaigns';

/** A tab's label in the page's language. */
export function searchTabLabel(tab: SearchTab): string {
  return tab === 'organisations' ? m.search_organisations() : m.search_campaigns();
}

/** The tab of a /find-campaign address (`?tab=organisations`); anything else is the default. */
export function parseSearchTab(params: URLSearchParams): SearchTab {
  return readChoice(params, 'tab', SEARCH_TABS);
}

/** The address of a tab with no search yet; the default tab keeps the plain /find-campaign. */
export function searchTabHref(tab: SearchTab): string {
  return tab === DEFAULT_SEARCH_TAB ? '/find-campaign' : `/find-campaign?tab=${tab}`;
}

// ── One search's address ──────────────────────────────────────────────────────────────────────────

/** What every search's query has: its text and place. */
export interface TextQuery {
  searchText: string;
  address: string;
}

/** A search's query as an address: read (untrusted), written (defaults left out) and linked. */
export interface SearchAddress<Q> {
  /** The query before anything is chosen. */
  empty: Q;
  /** The query and page of an address. */
  parse: (params: URLSearchParams) => { query: Q; pageNo: number };
  /** The query as URL parameters (list parameters repeated, SPEC §7); defaults are left out. */
  params: (query: Q, page?: PageParams) => URLSearchParams;
  /** A shareable address of the query (and how many pages of it to show), in the page's language. */
  href: (query: Q, pageNo?: number) => string;
}

function searchAddress<Q extends TextQuery>(
  tab: SearchTab,
  empty: Q,
  read: (params: URLSearchParams) => Q,
): SearchAddress<Q> {
  const params = (query: Q, page: PageParams = {}): URLSearchParams =>
    writeSearchParams(query as unknown as SearchQueryFields, empty as unknown as SearchQueryFields, page);
  return {
    empty,
    parse: (search) => ({ query: read(search), pageNo: readPageNo(search) }),
    params,
    href: (query, pageNo = 1) => href(hrefWith(searchTabHref(tab), params(query, { pageNo }))),
  };
}

// ── Campaigns ─────────────────────────────────────────────────────────────────────────────────────

/** The sort orders /find-campaign offers (a subset of docs/api/campaigns.md `orderBy`), newest by default. */
export const FIND_CAMPAIGN_ORDERS = [
  'newest',
  'mostRaised',
  'endingSoon',
] as const satisfies readonly CampaignOrder[];
export type FindCampaignOrder = (typeof FIND_CAMPAIGN_ORDERS)[number];

/** The sort orders' labels in the page's language. */
export function findCampaignOrderLabels(): Readonly<Record<FindCampaignOrder, string>> {
  return {
    newest: m.search_order_newest(),
    mostRaised: m.search_order_most_raised(),
    endingSoon: m.search_order_ending_soon(),
  };
}

/** SPEC §3 search parameters that /find-campaign sets. */
export type CampaignSearchQuery = TextQuery & {
  campaignCategoryIds: number[];
  /** The slug of the event whose campaigns to show; '' for any. */
  event: string;
  orderBy: FindCampaignOrder;
};

/** `?event=` when it is shaped like an event's slug, else '' (no filter). */
function readEventSlug(params: URLSearchParams): string {
  const slug = readText(params, 'event').toLowerCase();
  return EVENT_SLUG_PATTERN.test(slug) ? slug : '';
}

/**
 * The campaigns' search address. Untrusted input: unknown sorts fall back to newest, category ids
 * keep only whole numbers 0–16 (each once), texts are trimmed and capped, an event is a slug or
 * nothing, and the page is 1 to MAX_LINKED_PAGES.
 */
export const campaignSearchAddress = searchAddress<CampaignSearchQuery>(
  'campaigns',
  { searchText: '', address: '', campaignCategoryIds: [], event: '', orderBy: 'newest' },
  (params) => ({
    searchText: readText(params, 'searchText'),
    address: readText(params, 'address'),
    campaignCategoryIds: readIds(params, 'campaignCategoryIds', 0, 16),
    event: readEventSlug(params),
    orderBy: readChoice(params, 'orderBy', FIND_CAMPAIGN_ORDERS),
  }),
);
export const EMPTY_CAMPAIGN_SEARCH = campaignSearchAddress.empty;
export const parseCampaignSearch = campaignSearchAddress.parse;
export const campaignSearchParams = campaignSearchAddress.params;
export const findCampaignHref = campaignSearchAddress.href;

// ── Organisations ─────────────────────────────────────────────────────────────────────────────────

/** The sort orders of the Organisations tab (docs/api/organisations.md `orderBy`), newest by default. */
export const FIND_ORGANISATION_ORDERS = [
  'newest',
  'name',
  'mostRaised',
] as const satisfies readonly OrganisationOrder[];

/** The sort orders' labels in the page's language. */
export function findOrganisationOrderLabels(): Readonly<Record<OrganisationOrder, string>> {
  return {
    newest: m.search_order_newest(),
    name: m.search_order_name(),
    mostRaised: m.search_order_most_raised(),
  };
}

/** SPEC §3 organisation search parameters that the Organisations tab of /find-campaign sets. */
export type OrganisationSearchQuery = TextQuery & {
  organizationTypeIds: number[];
  organizationSectorIds: number[];
  orderBy: OrganisationOrder;
};

/**
 * The Organisations tab's search address. Untrusted input: unknown sorts fall back to newest, ids
 * keep only whole numbers, texts are trimmed and capped, and the page is 1 to MAX_LINKED_PAGES.
 */
export const organisationSearchAddress = searchAddress<OrganisationSearchQuery>(
  'organisations',
  { searchText: '', address: '', organizationTypeIds: [], organizationSectorIds: [], orderBy: 'newest' },
  (params) => ({
    searchText: readText(params, 'searchText'),
    address: readText(params, 'address'),
    organizationTypeIds: readIds(params, 'organizationTypeIds', 1, 999_999),
    organizationSectorIds: readIds(params, 'organizationSectorIds', 1, 999_999),
    orderBy: readChoice(params, 'orderBy', FIND_ORGANISATION_ORDERS),
  }),
);
export const EMPTY_ORGANISATION_SEARCH = organisationSearchAddress.empty;
export const parseOrganisationSearch = organisationSearchAddress.parse;
export const organisationSearchParams = organisationSearchAddress.params;
export const findOrganisationHref = organisationSearchAddress.href;

// ── A way on from no results ──────────────────────────────────────────────────────────────────────

/**
 * What a search that found nothing offers next, widest last: 'allOfSouthAfrica' drops the place,
 * 'clearFilters' keeps only the words (and the sort), 'everything' starts again from nothing.
 * Each is offered only when it changes the query, so every link shows more than this search did.
 */
export type WayOn = { kind: 'allOfSouthAfrica' | 'clearFilters' | 'everything'; href: string };

/** The ways on from a search of `search` that found nothing. */
export function waysOn<Q extends TextQuery & { orderBy: string }>(
  search: SearchAddress<Q>,
  query: Q,
): WayOn[] {
  const same = (a: Q, b: Q): boolean => search.params(a).toString() === search.params(b).toString();
  const wordsOnly: Q = { ...search.empty, searchText: query.searchText, orderBy: query.orderBy };
  const noPlace: Q = { ...query, address: '' };
  const ways: WayOn[] = [];
  if (query.address !== '') ways.push({ kind: 'allOfSouthAfrica', href: search.href(noPlace) });
  // With the place the only filter, dropping it is clearing the filters: one link, not two alike.
  if (!same(query, wordsOnly) && !same(noPlace, wordsOnly))
    ways.push({ kind: 'clearFilters', href: search.href(wordsOnly) });
  if (query.searchText !== '') ways.push({ kind: 'everything', href: search.href(search.empty) });
  return ways;
}

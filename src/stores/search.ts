import type { CampaignCard } from '~/lib/contracts/campaigns';
import { PAGE_SIZES } from '~/lib/enums';
import { EVENT_SLUG_PATTERN } from '~/lib/eventLinks';
import { href, m } from '~/lib/i18n';
import type { CampaignOrder } from '~/lib/schemas/campaignSearch';
import {
  createPagedSearch,
  hrefWith,
  type PagedSearchState,
  readChoice,
  readIds,
  readPageNo,
  readText,
  writeSearchParams,
} from './pagedSearch';

export { appendNewById, hasMoreResults, MAX_LINKED_PAGES } from './pagedSearch';

// ── The search query: one reading for the page (server) and the islands ──────────────────────────

/** The sort orders /find-campaign offers (a subset of docs/api/campaigns.md `orderBy`), newest by default. */
export const FIND_CAMPAIGN_ORDERS = [
  'newest',
  'mostRaised',
  'endingSoon',
] as const satisfies readonly CampaignOrder[];
export type FindCampaignOrder = (typeof FIND_CAMPAIGN_ORDERS)[number];
export const FIND_CAMPAIGN_ORDER_LABELS: Readonly<Record<FindCampaignOrder, string>> = {
  newest: 'Newest',
  mostRaised: 'Most raised',
  endingSoon: 'Ending soon',
};

/** The sort orders' labels in the page's language (FIND_CAMPAIGN_ORDER_LABELS is the English). */
export function findCampaignOrderLabels(): Readonly<Record<FindCampaignOrder, string>> {
  return {
    newest: m.search_order_newest(),
    mostRaised: m.search_order_most_raised(),
    endingSoon: m.search_order_ending_soon(),
  };
}

/** SPEC §3 search parameters that /find-campaign sets. */
export interface CampaignSearchQuery {
  searchText: string;
  address: string;
  campaignCategoryIds: number[];
  /** The slug of the event whose campaigns to show; '' for any. */
  event: string;
  orderBy: FindCampaignOrder;
}

export const EMPTY_CAMPAIGN_SEARCH: CampaignSearchQuery = {
  searchText: '',
  address: '',
  campaignCategoryIds: [],
  event: '',
  orderBy: 'newest',
};

/** `?event=` when it is shaped like an event's slug, else '' (no filter). */
function readEventSlug(params: URLSearchParams): string {
  const slug = readText(params, 'event').toLowerCase();
  return EVENT_SLUG_PATTERN.test(slug) ? slug : '';
}

/**
 * The query and page of a /find-campaign address. Untrusted input: unknown
 * sorts fall back to newest, category ids keep only whole numbers 0–16 (each
 * once), texts are trimmed and capped, an event is a slug or nothing, and the page is 1 to MAX_LINKED_PAGES.
 */
export function parseCampaignSearch(params: URLSearchParams): { query: CampaignSearchQuery; pageNo: number } {
  return {
    query: {
      searchText: readText(params, 'searchText'),
      address: readText(params, 'address'),
      campaignCategoryIds: readIds(params, 'campaignCategoryIds', 0, 16),
      event: readEventSlug(params),
      orderBy: readChoice(params, 'orderBy', FIND_CAMPAIGN_ORDERS),
    },
    pageNo: readPageNo(params),
  };
}

/** The query as URL parameters (list parameters repeated, SPEC §7); defaults are left out. */
export function campaignSearchParams(
  query: CampaignSearchQuery,
  page: { pageNo?: number; pageSize?: number } = {},
): URLSearchParams {
  return writeSearchParams({ ...query }, { ...EMPTY_CAMPAIGN_SEARCH }, page);
}

/** A shareable /find-campaign address for a query (and how many pages of it to show), in the page's language. */
export function findCampaignHref(query: CampaignSearchQuery, pageNo = 1): string {
  return href(hrefWith('/find-campaign', campaignSearchParams(query, { pageNo })));
}

// ── The store (SPEC §3 search state) ──────────────────────────────────────────────────────────────

/** The query as the state holds it. */
interface CampaignSearchFields {
  /** The search text of the results shown. */
  keyword: string;
  orderBy: FindCampaignOrder;
  address: string;
  campaignCategoryIds: number[];
  event: string;
}

export type CampaignSearchState = PagedSearchState<CampaignCard> & CampaignSearchFields;

/** The /find-campaign search store and its actions. */
export const campaignSearch = createPagedSearch<CampaignSearchQuery, CampaignCard, CampaignSearchFields>({
  what: 'campaigns',
  pageSize: PAGE_SIZES.campaignSearch,
  fallbackPageSize: PAGE_SIZES.campaignSearchFallback,
  emptyFields: { keyword: '', orderBy: 'newest', address: '', campaignCategoryIds: [], event: '' },
  fieldsOf: (query) => ({
    keyword: query.searchText,
    orderBy: query.orderBy,
    address: query.address,
    campaignCategoryIds: query.campaignCategoryIds,
    event: query.event,
  }),
  queryOf: (state) => ({
    searchText: state.keyword,
    address: state.address,
    campaignCategoryIds: state.campaignCategoryIds,
    event: state.event,
    orderBy: state.orderBy,
  }),
  path: 'campaigns/filter-campaigns/',
  paramsOf: (query) => campaignSearchParams(query),
});

export const $campaignSearch = campaignSearch.$state;
/** Hands the server-rendered results (the first `pageNo` pages of `query`) to the store. */
export const initCampaignSearch = campaignSearch.init;
/** A fresh search (SPEC §4): the results are cleared, then page 1 of the new query is shown. */
export const searchCampaigns = campaignSearch.search;
/** The next page of the current query, appended without duplicates by id (SPEC §4). */
export const loadMoreCampaigns = campaignSearch.loadMore;

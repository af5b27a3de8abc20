import { map } from 'nanostores';
import { type Envelope, publicApi } from '~/lib/api';
import type { CampaignCard, CampaignSearchPage } from '~/lib/contracts/campaigns';
import type { Pagination } from '~/lib/contracts/common';
import { PAGE_SIZES } from '~/lib/enums';
import type { CampaignOrder } from '~/lib/schemas/campaignSearch';

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

/** SPEC §3 search parameters that /find-campaign sets. */
export interface CampaignSearchQuery {
  searchText: string;
  address: string;
  campaignCategoryIds: number[];
  orderBy: FindCampaignOrder;
}

export const EMPTY_CAMPAIGN_SEARCH: CampaignSearchQuery = {
  searchText: '',
  address: '',
  campaignCategoryIds: [],
  orderBy: 'newest',
};

const MAX_TEXT = 100;
/** Pages a link (without JavaScript) may ask to see at once. */
export const MAX_LINKED_PAGES = 10;

function isOrder(value: string | null): value is FindCampaignOrder {
  return (FIND_CAMPAIGN_ORDERS as readonly string[]).includes(value ?? '');
}

/**
 * The query and page of a /find-campaign address. Untrusted input: unknown
 * sorts fall back to newest, category ids keep only whole numbers 0–16 (each
 * once), texts are trimmed and capped, and the page is 1 to MAX_LINKED_PAGES.
 */
export function parseCampaignSearch(params: URLSearchParams): { query: CampaignSearchQuery; pageNo: number } {
  const orderBy = params.get('orderBy');
  const ids = params
    .getAll('campaignCategoryIds')
    .flatMap((v) => v.split(','))
    .map((v) => Number(v.trim()))
    .filter((n) => Number.isInteger(n) && n >= 0 && n <= 16);
  const page = Number(params.get('pageNo'));
  return {
    query: {
      searchText: (params.get('searchText') ?? '').trim().slice(0, MAX_TEXT),
      address: (params.get('address') ?? '').trim().slice(0, MAX_TEXT),
      campaignCategoryIds: [...new Set(ids)].sort((a, b) => a - b),
      orderBy: isOrder(orderBy) ? orderBy : 'newest',
    },
    pageNo: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_LINKED_PAGES) : 1,
  };
}

/** The query as URL parameters (list parameters repeated, SPEC §7); defaults are left out. */
export function campaignSearchParams(
  query: CampaignSearchQuery,
  page: { pageNo?: number; pageSize?: number } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  if (query.searchText) params.set('searchText', query.searchText);
  if (query.address) params.set('address', query.address);
  for (const id of query.campaignCategoryIds) params.append('campaignCategoryIds', String(id));
  if (query.orderBy !== 'newest') params.set('orderBy', query.orderBy);
  if (page.pageNo !== undefined && page.pageNo > 1) params.set('pageNo', String(page.pageNo));
  if (page.pageSize !== undefined) params.set('pageSize', String(page.pageSize));
  return params;
}

/** A shareable /find-campaign address for a query (and how many pages of it to show). */
export function findCampaignHref(query: CampaignSearchQuery, pageNo = 1): string {
  const params = campaignSearchParams(query, { pageNo });
  const search = params.toString();
  return search ? `/find-campaign?${search}` : '/find-campaign';
}

/** `existing` followed by the items of `incoming` whose id it does not hold yet (SPEC §4 'load more'). */
export function appendNewById<T extends { id: string }>(existing: readonly T[], incoming: readonly T[]): T[] {
  const seen = new Set(existing.map((item) => item.id));
  const added: T[] = [];
  for (const item of incoming) {
    if (seen.has(item.id)) continue;
    seen.add(item.id);
    added.push(item);
  }
  return [...existing, ...added];
}

// ── The store (SPEC §3 search state) ──────────────────────────────────────────────────────────────

export interface CampaignSearchState {
  searchResults: CampaignCard[];
  pageNo: number;
  pageCount: number;
  pageSize: number;
  totalCount: number;
  /** The search text of the results shown. */
  keyword: string;
  orderBy: FindCampaignOrder;
  address: string;
  campaignCategoryIds: number[];
  loading: boolean;
  error: boolean;
  /** False until the page's server-rendered results have been handed over. */
  initialised: boolean;
}

const INITIAL_STATE: CampaignSearchState = {
  searchResults: [],
  pageNo: 0,
  pageCount: 0,
  pageSize: PAGE_SIZES.campaignSearch,
  totalCount: 0,
  keyword: '',
  orderBy: 'newest',
  address: '',
  campaignCategoryIds: [],
  loading: false,
  error: false,
  initialised: false,
};

export const $campaignSearch = map<CampaignSearchState>({ ...INITIAL_STATE });

/** The query behind the results in the store. */
export function queryOf(state: CampaignSearchState): CampaignSearchQuery {
  return {
    searchText: state.keyword,
    address: state.address,
    campaignCategoryIds: state.campaignCategoryIds,
    orderBy: state.orderBy,
  };
}

/** Whether another page exists after the ones shown. */
export function hasMoreResults(state: Pick<CampaignSearchState, 'pageNo' | 'pageCount'>): boolean {
  return state.pageNo < state.pageCount;
}

/** Page size of an answer: the server's, else SPEC §9's fallback of 5 (when it gives none). */
export function pageSizeOf(
  meta: Omit<Pagination, 'pageSize'> & Partial<Pick<Pagination, 'pageSize'>>,
): number {
  return meta.pageSize && meta.pageSize > 0 ? meta.pageSize : PAGE_SIZES.campaignSearchFallback;
}

function pageState(
  page: CampaignSearchPage,
): Pick<CampaignSearchState, 'pageNo' | 'pageCount' | 'pageSize' | 'totalCount'> {
  const meta = page.paginationMetadata;
  return {
    pageNo: meta.pageNo,
    pageCount: meta.pageCount,
    pageSize: pageSizeOf(meta),
    totalCount: meta.totalCount,
  };
}

/** Hands the server-rendered results (the first `pageNo` pages of `query`) to the store. */
export function initCampaignSearch(query: CampaignSearchQuery, page: CampaignSearchPage): void {
  $campaignSearch.set({
    ...INITIAL_STATE,
    ...pageState(page),
    searchResults: page.items,
    keyword: query.searchText,
    orderBy: query.orderBy,
    address: query.address,
    campaignCategoryIds: query.campaignCategoryIds,
    initialised: true,
  });
}

/** Each request gets a number; answers to anything but the latest are dropped. */
let latestRequest = 0;

async function fetchCampaignPage(query: CampaignSearchQuery, pageNo: number): Promise<CampaignSearchPage> {
  const searchParams = campaignSearchParams(query, { pageNo, pageSize: PAGE_SIZES.campaignSearch });
  if (pageNo === 1) searchParams.set('pageNo', '1');
  const body = await publicApi
    .get('campaigns/filter-campaigns/', { searchParams })
    .json<Envelope<CampaignSearchPage>>();
  return body.data;
}

/**
 * Fetches a page of `query` into the store (the caller has set `loading`):
 * `results` says how it joins the ones shown. False when it failed or a later
 * request overtook it.
 */
async function showPage(
  query: CampaignSearchQuery,
  pageNo: number,
  results: (shown: CampaignCard[], page: CampaignSearchPage) => CampaignCard[],
  failure: string,
): Promise<boolean> {
  const request = ++latestRequest;
  try {
    const page = await fetchCampaignPage(query, pageNo);
    if (request !== latestRequest) return false;
    const current = $campaignSearch.get();
    $campaignSearch.set({
      ...current,
      ...pageState(page),
      searchResults: results(current.searchResults, page),
      loading: false,
    });
    return true;
  } catch (error) {
    if (request !== latestRequest) return false;
    console.warn(failure, error);
    $campaignSearch.set({ ...$campaignSearch.get(), loading: false, error: true });
    return false;
  }
}

/** A fresh search (SPEC §4): the results are cleared, then page 1 of the new query is shown. */
export function searchCampaigns(query: CampaignSearchQuery): Promise<boolean> {
  $campaignSearch.set({
    ...$campaignSearch.get(),
    searchResults: [],
    pageNo: 0,
    pageCount: 0,
    totalCount: 0,
    keyword: query.searchText,
    orderBy: query.orderBy,
    address: query.address,
    campaignCategoryIds: query.campaignCategoryIds,
    loading: true,
    error: false,
    initialised: true,
  });
  return showPage(query, 1, (_shown, page) => page.items, 'Campaign search failed.');
}

/** The next page of the current query, appended without duplicates by id (SPEC §4). */
export async function loadMoreCampaigns(): Promise<boolean> {
  const state = $campaignSearch.get();
  if (state.loading || !hasMoreResults(state)) return false;
  $campaignSearch.set({ ...state, loading: true, error: false });
  return showPage(
    queryOf(state),
    state.pageNo + 1,
    (shown, page) => appendNewById(shown, page.items),
    'Could not load more campaigns.',
  );
}

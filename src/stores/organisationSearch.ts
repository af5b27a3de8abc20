import { map } from 'nanostores';
import { type Envelope, publicApi } from '~/lib/api';
import type { Pagination } from '~/lib/contracts/common';
import type { OrganisationCard, OrganisationSearchPage } from '~/lib/contracts/organisations';
import { PAGE_SIZES } from '~/lib/enums';
import type { OrganisationOrder } from '~/lib/schemas/organisationSearch';
import { appendNewById, MAX_LINKED_PAGES } from './search';
import { searchTabHref } from './searchTab';

// ── The search query: one reading for the page (server) and the islands ──────────────────────────

/** The sort orders of the Organisations tab (docs/api/organisations.md `orderBy`), newest by default. */
export const FIND_ORGANISATION_ORDERS = [
  'newest',
  'name',
  'mostRaised',
] as const satisfies readonly OrganisationOrder[];
export const FIND_ORGANISATION_ORDER_LABELS: Readonly<Record<OrganisationOrder, string>> = {
  newest: 'Newest',
  name: 'Name',
  mostRaised: 'Most raised',
};

/** SPEC §3 organisation search parameters that the Organisations tab of /find-campaign sets. */
export interface OrganisationSearchQuery {
  searchText: string;
  address: string;
  organizationTypeIds: number[];
  organizationSectorIds: number[];
  orderBy: OrganisationOrder;
}

export const EMPTY_ORGANISATION_SEARCH: OrganisationSearchQuery = {
  searchText: '',
  address: '',
  organizationTypeIds: [],
  organizationSectorIds: [],
  orderBy: 'newest',
};

const MAX_TEXT = 100;
const MAX_IDS = 50;

function isOrder(value: string | null): value is OrganisationOrder {
  return (FIND_ORGANISATION_ORDERS as readonly string[]).includes(value ?? '');
}

/** Whole lookup ids from 1 (repeated or comma-joined), each once, in order. */
function idsOf(params: URLSearchParams, name: string): number[] {
  const ids = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => Number(value.trim()))
    .filter((n) => Number.isInteger(n) && n >= 1 && n <= 999_999);
  return [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_IDS);
}

/**
 * The query and page of an Organisations tab address. Untrusted input:
 * unknown sorts fall back to newest, ids keep only whole numbers, texts are
 * trimmed and capped, and the page is 1 to MAX_LINKED_PAGES.
 */
export function parseOrganisationSearch(params: URLSearchParams): {
  query: OrganisationSearchQuery;
  pageNo: number;
} {
  const orderBy = params.get('orderBy');
  const page = Number(params.get('pageNo'));
  return {
    query: {
      searchText: (params.get('searchText') ?? '').trim().slice(0, MAX_TEXT),
      address: (params.get('address') ?? '').trim().slice(0, MAX_TEXT),
      organizationTypeIds: idsOf(params, 'organizationTypeIds'),
      organizationSectorIds: idsOf(params, 'organizationSectorIds'),
      orderBy: isOrder(orderBy) ? orderBy : 'newest',
    },
    pageNo: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_LINKED_PAGES) : 1,
  };
}

/** The query as URL parameters (list parameters repeated, SPEC §7); defaults are left out. */
export function organisationSearchParams(
  query: OrganisationSearchQuery,
  page: { pageNo?: number; pageSize?: number } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  if (query.searchText) params.set('searchText', query.searchText);
  if (query.address) params.set('address', query.address);
  for (const id of query.organizationTypeIds) params.append('organizationTypeIds', String(id));
  for (const id of query.organizationSectorIds) params.append('organizationSectorIds', String(id));
  if (query.orderBy !== 'newest') params.set('orderBy', query.orderBy);
  if (page.pageNo !== undefined && page.pageNo > 1) params.set('pageNo', String(page.pageNo));
  if (page.pageSize !== undefined) params.set('pageSize', String(page.pageSize));
  return params;
}

/** A shareable address of the Organisations tab for a query (and how many pages of it to show). */
export function findOrganisationHref(query: OrganisationSearchQuery, pageNo = 1): string {
  const search = organisationSearchParams(query, { pageNo }).toString();
  const tab = searchTabHref('organisations');
  return search ? `${tab}&${search}` : tab;
}

// ── The store (SPEC §3 organisation search state) ────────────────────────────────────────────────

export interface OrganisationSearchState {
  searchResults: OrganisationCard[];
  pageNo: number;
  pageCount: number;
  pageSize: number;
  totalCount: number;
  /** The search text of the results shown. */
  keyword: string;
  orderBy: OrganisationOrder;
  address: string;
  organizationTypeIds: number[];
  organizationSectorIds: number[];
  loading: boolean;
  error: boolean;
  /** False until the page's server-rendered results have been handed over. */
  initialised: boolean;
}

const INITIAL_STATE: OrganisationSearchState = {
  searchResults: [],
  pageNo: 0,
  pageCount: 0,
  pageSize: PAGE_SIZES.organisationSearch,
  totalCount: 0,
  keyword: '',
  orderBy: 'newest',
  address: '',
  organizationTypeIds: [],
  organizationSectorIds: [],
  loading: false,
  error: false,
  initialised: false,
};

export const $organisationSearch = map<OrganisationSearchState>({ ...INITIAL_STATE });

/** The query behind the results in the store. */
export function organisationQueryOf(state: OrganisationSearchState): OrganisationSearchQuery {
  return {
    searchText: state.keyword,
    address: state.address,
    organizationTypeIds: state.organizationTypeIds,
    organizationSectorIds: state.organizationSectorIds,
    orderBy: state.orderBy,
  };
}

function pageState(
  meta: Pagination,
): Pick<OrganisationSearchState, 'pageNo' | 'pageCount' | 'pageSize' | 'totalCount'> {
  return {
    pageNo: meta.pageNo,
    pageCount: meta.pageCount,
    pageSize: meta.pageSize > 0 ? meta.pageSize : PAGE_SIZES.organisationSearch,
    totalCount: meta.totalCount,
  };
}

function withQuery(query: OrganisationSearchQuery): Partial<OrganisationSearchState> {
  return {
    keyword: query.searchText,
    orderBy: query.orderBy,
    address: query.address,
    organizationTypeIds: query.organizationTypeIds,
    organizationSectorIds: query.organizationSectorIds,
  };
}

/** Hands the server-rendered results (the first `pageNo` pages of `query`) to the store. */
export function initOrganisationSearch(query: OrganisationSearchQuery, page: OrganisationSearchPage): void {
  $organisationSearch.set({
    ...INITIAL_STATE,
    ...pageState(page.paginationMetadata),
    ...withQuery(query),
    searchResults: page.items,
    initialised: true,
  });
}

/** Each request gets a number; answers to anything but the latest are dropped. */
let latestRequest = 0;

async function fetchOrganisationPage(
  query: OrganisationSearchQuery,
  pageNo: number,
): Promise<OrganisationSearchPage> {
  const searchParams = organisationSearchParams(query, { pageNo, pageSize: PAGE_SIZES.organisationSearch });
  if (pageNo === 1) searchParams.set('pageNo', '1');
  const body = await publicApi
    .get('organizations/filter-organizations/', { searchParams })
    .json<Envelope<OrganisationSearchPage>>();
  return body.data;
}

/**
 * Fetches a page of `query` into the store (the caller has set `loading`):
 * `results` says how it joins the ones shown. False when it failed or a later
 * request overtook it.
 */
async function showPage(
  query: OrganisationSearchQuery,
  pageNo: number,
  results: (shown: OrganisationCard[], page: OrganisationSearchPage) => OrganisationCard[],
  failure: string,
): Promise<boolean> {
  const request = ++latestRequest;
  try {
    const page = await fetchOrganisationPage(query, pageNo);
    if (request !== latestRequest) return false;
    const current = $organisationSearch.get();
    $organisationSearch.set({
      ...current,
      ...pageState(page.paginationMetadata),
      searchResults: results(current.searchResults, page),
      loading: false,
    });
    return true;
  } catch (error) {
    if (request !== latestRequest) return false;
    console.warn(failure, error);
    $organisationSearch.set({ ...$organisationSearch.get(), loading: false, error: true });
    return false;
  }
}

/** A fresh search (SPEC §4): the results are replaced by page 1 of the new query. */
export function searchOrganisations(query: OrganisationSearchQuery): Promise<boolean> {
  $organisationSearch.set({
    ...$organisationSearch.get(),
    ...withQuery(query),
    searchResults: [],
    pageNo: 0,
    pageCount: 0,
    totalCount: 0,
    loading: true,
    error: false,
    initialised: true,
  });
  return showPage(query, 1, (_shown, page) => page.items, 'Organisation search failed.');
}

/** The next page of the current query, appended without duplicates by id (SPEC §4). */
export async function loadMoreOrganisations(): Promise<boolean> {
  const state = $organisationSearch.get();
  if (state.loading || state.pageNo >= state.pageCount) return false;
  $organisationSearch.set({ ...state, loading: true, error: false });
  return showPage(
    organisationQueryOf(state),
    state.pageNo + 1,
    (shown, page) => appendNewById(shown, page.items),
    'Could not load more organisations.',
  );
}

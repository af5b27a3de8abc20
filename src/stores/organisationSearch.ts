import type { OrganisationCard } from '~/lib/contracts/organisations';
import { PAGE_SIZES } from '~/lib/enums';
import { href, m } from '~/lib/i18n';
import type { OrganisationOrder } from '~/lib/schemas/organisationSearch';
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

/** The sort orders' labels in the page's language (FIND_ORGANISATION_ORDER_LABELS is the English). */
export function findOrganisationOrderLabels(): Readonly<Record<OrganisationOrder, string>> {
  return {
    newest: m.search_order_newest(),
    name: m.search_order_name(),
    mostRaised: m.search_order_most_raised(),
  };
}

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

/**
 * The query and page of an Organisations tab address. Untrusted input:
 * unknown sorts fall back to newest, ids keep only whole numbers, texts are
 * trimmed and capped, and the page is 1 to MAX_LINKED_PAGES.
 */
export function parseOrganisationSearch(params: URLSearchParams): {
  query: OrganisationSearchQuery;
  pageNo: number;
} {
  return {
    query: {
      searchText: readText(params, 'searchText'),
      address: readText(params, 'address'),
      organizationTypeIds: readIds(params, 'organizationTypeIds', 1, 999_999),
      organizationSectorIds: readIds(params, 'organizationSectorIds', 1, 999_999),
      orderBy: readChoice(params, 'orderBy', FIND_ORGANISATION_ORDERS),
    },
    pageNo: readPageNo(params),
  };
}

/** The query as URL parameters (list parameters repeated, SPEC §7); defaults are left out. */
export function organisationSearchParams(
  query: OrganisationSearchQuery,
  page: { pageNo?: number; pageSize?: number } = {},
): URLSearchParams {
  return writeSearchParams({ ...query }, { ...EMPTY_ORGANISATION_SEARCH }, page);
}

/** A shareable address of the Organisations tab for a query (and how many pages of it to show), in the page's language. */
export function findOrganisationHref(query: OrganisationSearchQuery, pageNo = 1): string {
  return href(hrefWith(searchTabHref('organisations'), organisationSearchParams(query, { pageNo })));
}

// ── The store (SPEC §3 organisation search state) ────────────────────────────────────────────────

/** The query as the state holds it. */
interface OrganisationSearchFields {
  /** The search text of the results shown. */
  keyword: string;
  orderBy: OrganisationOrder;
  address: string;
  organizationTypeIds: number[];
  organizationSectorIds: number[];
}

export type OrganisationSearchState = PagedSearchState<OrganisationCard> & OrganisationSearchFields;

/** The Organisations tab's search store and its actions. */
export const organisationSearch = createPagedSearch<
  OrganisationSearchQuery,
  OrganisationCard,
  OrganisationSearchFields
>({
  what: 'organisations',
  path: 'organizations/filter-organizations/',
  paramsOf: (query) => organisationSearchParams(query),
  pageSize: PAGE_SIZES.organisationSearch,
  fallbackPageSize: PAGE_SIZES.organisationSearch,
  emptyFields: {
    keyword: '',
    orderBy: 'newest',
    address: '',
    organizationTypeIds: [],
    organizationSectorIds: [],
  },
  fieldsOf: (query) => ({
    keyword: query.searchText,
    orderBy: query.orderBy,
    address: query.address,
    organizationTypeIds: query.organizationTypeIds,
    organizationSectorIds: query.organizationSectorIds,
  }),
  queryOf: (state) => ({
    searchText: state.keyword,
    address: state.address,
    organizationTypeIds: state.organizationTypeIds,
    organizationSectorIds: state.organizationSectorIds,
    orderBy: state.orderBy,
  }),
});

export const $organisationSearch = organisationSearch.$state;
/** Hands the server-rendered results (the first `pageNo` pages of `query`) to the store. */
export const initOrganisationSearch = organisationSearch.init;
/** A fresh search (SPEC §4): the results are replaced by page 1 of the new query. */
export const searchOrganisations = organisationSearch.search;
/** The next page of the current query, appended without duplicates by id (SPEC §4). */
export const loadMoreOrganisations = organisationSearch.loadMore;

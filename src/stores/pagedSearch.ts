import { type MapStore, map } from 'nanostores';
import type { Envelope } from '~/lib/api';
import type { Page, Pagination } from '~/lib/contracts/common';
import type { SearchAddress, TextQuery } from '~/lib/search/findCampaign';
import { appendNewById, hasMoreResults, pageSizeOr } from '~/lib/search/paging';

// One machinery for the paged searches' state (SPEC §3 search state, §4 search rules): /find-campaign's
// campaigns and organisations. What an address means and the paging rules are in src/lib/search/.

// ── The store ─────────────────────────────────────────────────────────────────────────────────────

/** SPEC §3 search state, less the query's own fields (keyword, orderBy…), which each search adds. */
export interface PagedSearchState<T> {
  searchResults: T[];
  pageNo: number;
  pageCount: number;
  pageSize: number;
  totalCount: number;
  /** More match than totalCount says: the search stopped counting (Pagination.moreThanTotalCount). */
  moreThanTotalCount: boolean;
  loading: boolean;
  error: boolean;
  /** False until the page's server-rendered results have been handed over. */
  initialised: boolean;
}

/** The query as the state holds it: SPEC §3 calls the search text `keyword`. */
export type SearchFields<Q extends TextQuery> = Omit<Q, 'searchText'> & { keyword: string };

export interface PagedSearchConfig<Q extends TextQuery> {
  /** What is searched, for the console: 'campaigns'. */
  what: string;
  /** The public API list that answers the search. */
  path: string;
  /** The query's address: its empty query, and its API parameters (the page is added). */
  address: SearchAddress<Q>;
  /** The page size asked for, and kept until an answer says otherwise. */
  pageSize: number;
  /** The page size of an answer that gives none. */
  fallbackPageSize: number;
}

/** The query's fields as the state holds them. */
function fieldsOf<Q extends TextQuery>({ searchText, ...rest }: Q): SearchFields<Q> {
  return { ...rest, keyword: searchText } as SearchFields<Q>;
}

/** The query behind a state's results: the fields of `empty`, read from `fields`. */
function queryOf<Q extends TextQuery>(empty: Q, fields: SearchFields<Q>): Q {
  const query: Record<string, unknown> = {
    ...(empty as Record<string, unknown>),
    searchText: fields.keyword,
  };
  for (const name of Object.keys(empty))
    if (name !== 'searchText') query[name] = (fields as Record<string, unknown>)[name];
  return query as Q;
}

export interface PagedSearch<Q extends TextQuery, T> {
  /** What the search's address means. */
  address: SearchAddress<Q>;
  $state: MapStore<PagedSearchState<T> & SearchFields<Q>>;
  /** Hands the server-rendered results (the first `pageNo` pages of `query`) to the store. */
  init: (query: Q, page: Page<T>) => void;
  /** A fresh search (SPEC §4): the results are cleared, then page 1 of the new query is shown. */
  search: (query: Q) => Promise<boolean>;
  /** The next page of the current query, joined to the results shown (SPEC §4). */
  loadMore: () => Promise<boolean>;
  /** The query behind the state's results. */
  queryOf: (fields: SearchFields<Q>) => Q;
}

/**
 * A store for one paged search: the latest request wins (answers to older
 * ones are dropped), a fresh search replaces the results, 'load more'
 * appends. Each call resolves false when it failed or was overtaken.
 */
export function createPagedSearch<Q extends TextQuery, T extends { id: string }>(
  config: PagedSearchConfig<Q>,
): PagedSearch<Q, T> {
  type State = PagedSearchState<T> & SearchFields<Q>;
  const { address } = config;
  const initial: State = {
    searchResults: [],
    pageNo: 0,
    pageCount: 0,
    pageSize: config.pageSize,
    totalCount: 0,
    moreThanTotalCount: false,
    loading: false,
    error: false,
    initialised: false,
    ...fieldsOf(address.empty),
  };
  const $state = map<State>({ ...initial });
  /** Each request gets a number; answers to anything but the latest are dropped. */
  let latestRequest = 0;

  const pageState = (meta: Pagination): Partial<PagedSearchState<T>> => ({
    pageNo: meta.pageNo,
    pageCount: meta.pageCount,
    pageSize: pageSizeOr(meta, config.fallbackPageSize),
    totalCount: meta.totalCount,
    moreThanTotalCount: meta.moreThanTotalCount === true,
  });

  /** Fetches a page into the store (the caller has set `loading`); `fresh` replaces the results. */
  async function showPage(query: Q, pageNo: number, fresh: boolean): Promise<boolean> {
    const request = ++latestRequest;
    try {
      const searchParams = address.params(query);
      searchParams.set('pageNo', String(pageNo));
      searchParams.set('pageSize', String(config.pageSize));
      // Loaded on the first search, not with the page: the search pages render their first results on the server.
      const { publicApi } = await import('~/lib/api');
      const { data: page } = await publicApi.get(config.path, { searchParams }).json<Envelope<Page<T>>>();
      if (request !== latestRequest) return false;
      const current = $state.get();
      $state.set({
        ...current,
        ...pageState(page.paginationMetadata),
        searchResults: fresh ? page.items : appendNewById(current.searchResults, page.items),
        loading: false,
      });
      return true;
    } catch (error) {
      if (request !== latestRequest) return false;
      console.warn(fresh ? `Searching ${config.what} failed.` : `Could not load more ${config.what}.`, error);
      $state.set({ ...$state.get(), loading: false, error: true });
      return false;
    }
  }

  return {
    address,
    $state,
    queryOf: (fields) => queryOf(address.empty, fields),
    init(query, page) {
      latestRequest++;
      $state.set({
        ...initial,
        ...pageState(page.paginationMetadata),
        ...fieldsOf(query),
        searchResults: page.items,
        initialised: true,
      });
    },
    search(query) {
      $state.set({
        ...$state.get(),
        ...fieldsOf(query),
        searchResults: [],
        pageNo: 0,
        pageCount: 0,
        totalCount: 0,
        moreThanTotalCount: false,
        loading: true,
        error: false,
        initialised: true,
      });
      return showPage(query, 1, true);
    },
    async loadMore() {
      const state = $state.get();
      if (state.loading || !hasMoreResults(state)) return false;
      $state.set({ ...state, loading: true, error: false });
      return showPage(queryOf(address.empty, state), state.pageNo + 1, false);
    },
  };
}

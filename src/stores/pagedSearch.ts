import { type MapStore, map } from 'nanostores';
import type { Envelope } from '~/lib/api';
import type { Page, Pagination } from '~/lib/contracts/common';

// One machinery for the paged searches (SPEC §3 search state, §4 search rules): /find-campaign's
// campaigns and organisations, and an organisation's campaigns on its public page.

// ── Reading and writing a search address ─────────────────────────────────────────────────────────

/** Pages a link (without JavaScript) may ask to see at once. */
export const MAX_LINKED_PAGES = 10;
const MAX_TEXT = 100;
const MAX_IDS = 50;

/** A text parameter, trimmed and capped. */
export function readText(params: URLSearchParams, name: string): string {
  return (params.get(name) ?? '').trim().slice(0, MAX_TEXT);
}

/** Whole ids from `min` to `max` (repeated or comma-joined), each once, in order. */
export function readIds(params: URLSearchParams, name: string, min: number, max: number): number[] {
  const ids = params
    .getAll(name)
    .flatMap((value) => value.split(','))
    .map((value) => Number(value.trim()))
    .filter((n) => Number.isInteger(n) && n >= min && n <= max);
  return [...new Set(ids)].sort((a, b) => a - b).slice(0, MAX_IDS);
}

/** One of `choices`, else the first of them (the default). */
export function readChoice<C extends string>(
  params: URLSearchParams,
  name: string,
  choices: readonly C[],
): C {
  const value = params.get(name) ?? '';
  return (choices as readonly string[]).includes(value) ? (value as C) : (choices[0] as C);
}

/** How many pages the address asks to see (`?{name}=`, pageNo by default): 1 to MAX_LINKED_PAGES. */
export function readPageNo(params: URLSearchParams, name = 'pageNo'): number {
  const page = Number(params.get(name));
  return Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_LINKED_PAGES) : 1;
}

/** A search query: texts, single choices and lists of ids. */
export type SearchQueryFields = Record<string, string | readonly number[]>;

/**
 * The query as URL parameters, in the order of `defaults`' fields: lists
 * repeated (SPEC §7), texts and choices unless empty or the default.
 */
export function writeSearchParams<Q extends SearchQueryFields>(
  query: Q,
  defaults: Q,
  page: { pageNo?: number; pageSize?: number } = {},
): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of Object.keys(defaults)) {
    const value = query[name];
    if (typeof value === 'string') {
      if (value && value !== defaults[name]) params.set(name, value);
    } else {
      for (const id of value ?? []) params.append(name, String(id));
    }
  }
  if (page.pageNo !== undefined && page.pageNo > 1) params.set('pageNo', String(page.pageNo));
  if (page.pageSize !== undefined) params.set('pageSize', String(page.pageSize));
  return params;
}

/** `base` (which may have a query string already) with `params` added. */
export function hrefWith(base: string, params: URLSearchParams): string {
  const search = params.toString();
  if (!search) return base;
  return `${base}${base.includes('?') ? '&' : '?'}${search}`;
}

// ── Paging rules ──────────────────────────────────────────────────────────────────────────────────

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

/** Whether another page exists after the ones shown. */
export function hasMoreResults(state: Pick<Pagination, 'pageNo' | 'pageCount'>): boolean {
  return state.pageNo < state.pageCount;
}

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

export interface PagedSearchConfig<Q, T, F extends object> {
  /** What is searched, for the console: 'campaigns'. */
  what: string;
  /** The public API list that answers the search. */
  path: string;
  /** The query as the API's parameters (the page is added). */
  paramsOf: (query: Q) => URLSearchParams;
  /** The page size asked for, and kept until an answer says otherwise. */
  pageSize: number;
  /** The page size of an answer that gives none. */
  fallbackPageSize: number;
  /** The query's fields as the state holds them before any search. */
  emptyFields: F;
  /** The query as the state holds it (SPEC §3 names, e.g. `keyword` for the search text). */
  fieldsOf: (query: Q) => F;
  /** The query behind the state's results. */
  queryOf: (fields: F) => Q;
  /** How a further page joins the results shown; by default the items with a new id are appended. */
  merge?: (state: PagedSearchState<T> & F, incoming: readonly T[]) => T[];
}

export interface PagedSearch<Q, T, F extends object> {
  $state: MapStore<PagedSearchState<T> & F>;
  /** Hands the server-rendered results (the first `pageNo` pages of `query`) to the store. */
  init: (query: Q, page: Page<T>) => void;
  /** A fresh search (SPEC §4): the results are cleared, then page 1 of the new query is shown. */
  search: (query: Q) => Promise<boolean>;
  /** The next page of the current query, joined to the results shown (SPEC §4). */
  loadMore: () => Promise<boolean>;
  queryOf: (fields: F) => Q;
}

/** Page size of an answer: its own, else `fallback` (when it gives none). */
export function pageSizeOr(meta: Partial<Pick<Pagination, 'pageSize'>>, fallback: number): number {
  return meta.pageSize && meta.pageSize > 0 ? meta.pageSize : fallback;
}

/**
 * A store for one paged search: the latest request wins (answers to older
 * ones are dropped), a fresh search replaces the results, 'load more'
 * appends. Each call resolves false when it failed or was overtaken.
 */
export function createPagedSearch<Q, T extends { id: string }, F extends object>(
  config: PagedSearchConfig<Q, T, F>,
): PagedSearch<Q, T, F> {
  type State = PagedSearchState<T> & F;
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
    ...config.emptyFields,
  };
  const $state = map<State>({ ...initial });
  const merge = config.merge ?? ((state, incoming) => appendNewById(state.searchResults, incoming));
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
      const searchParams = config.paramsOf(query);
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
        searchResults: fresh ? page.items : merge(current, page.items),
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
    $state,
    queryOf: config.queryOf,
    init(query, page) {
      latestRequest++;
      $state.set({
        ...initial,
        ...pageState(page.paginationMetadata),
        ...config.fieldsOf(query),
        searchResults: page.items,
        initialised: true,
      });
    },
    search(query) {
      $state.set({
        ...$state.get(),
        ...config.fieldsOf(query),
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
      return showPage(config.queryOf(state), state.pageNo + 1, false);
    },
  };
}

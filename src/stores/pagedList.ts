import type { MapStore } from 'nanostores';
import type { Pagination } from '~/lib/contracts/common';

/** A paged list of the user's own things (My Campaigns, My Donations) and the list-store flags of SPEC §4. */
export interface PagedList<T> {
  items: T[];
  pageNo: number;
  pageCount: number;
  totalCount: number;
  loading: boolean;
  error: boolean;
  loaded: boolean;
}

export const emptyPagedList = <T>(): PagedList<T> => ({
  items: [],
  pageNo: 0,
  pageCount: 0,
  totalCount: 0,
  loading: false,
  error: false,
  loaded: false,
});

/** Where the list stands once a page arrived: its place in the whole, loaded, no longer loading. */
export function pagePosition(meta: Pagination): Omit<PagedList<never>, 'items'> {
  return {
    pageNo: meta.pageNo,
    pageCount: meta.pageCount,
    totalCount: meta.totalCount,
    loading: false,
    error: false,
    loaded: true,
  };
}

/**
 * Loads a page into a list store: `loading` while fetching, `withPage` puts the
 * answer in, a failure sets `error` (SPEC §4). An answer overtaken by a later
 * request is dropped, so the page asked for last is the one shown.
 */
export function pageLoader<S extends PagedList<unknown>, P>(
  store: MapStore<S>,
  fetchPage: (pageNo: number) => Promise<{ data: P }>,
  withPage: (state: S, page: P) => S,
  what: string,
): (pageNo?: number) => Promise<void> {
  let latest = 0;
  return async (pageNo = 1) => {
    const request = ++latest;
    store.set({ ...store.get(), loading: true, error: false });
    try {
      const body = await fetchPage(pageNo);
      if (request !== latest) return;
      store.set(withPage(store.get(), body.data));
    } catch (error) {
      if (request !== latest) return;
      console.warn(`Could not load your ${what}.`, error);
      store.set({ ...store.get(), loading: false, error: true });
    }
  };
}

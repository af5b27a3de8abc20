import { useStore } from '@nanostores/react';
import { type ReactElement, type ReactNode, useEffect } from 'react';
import { useHydrated } from '~/islands/shell/useHydrated';
import type { Page } from '~/lib/contracts/common';
import { m } from '~/lib/i18n';
import { MAX_LINKED_PAGES } from '~/lib/search/address';
import type { TextQuery } from '~/lib/search/findCampaign';
import { hasMoreResults } from '~/lib/search/paging';
import type { PagedSearch } from '~/stores/pagedSearch';

interface Props<Q extends TextQuery, T extends { id: string }> {
  store: PagedSearch<Q, T>;
  query: Q;
  /** The pages the server rendered (1 to paginationMetadata.pageNo); no items when it rendered them itself. */
  initial: Page<T>;
  /**
   * How many the search found, in words ('3 campaigns found'), above the list; none, no count.
   * `more`: more match than `count` (the search stopped counting there).
   */
  resultsText?: (count: number, more: boolean) => string;
  /** The list's accessible name and grid. */
  listLabel: string;
  listClassName: string;
  renderItem: (item: T) => ReactNode;
  errorText: string;
  moreLabel?: string;
  /**
   * The server's HTML of `initial`'s list (an Astro slot), shown while the results are still
   * those: `renderItem` (and whatever it imports) is then needed only once a search changes them.
   */
  initialList?: ReactNode;
}

const moreClass = 'btn-outline self-center px-8 py-2.5';

const sameIds = (a: { id: string }[], b: { id: string }[]): boolean =>
  a.length === b.length && a.every((item, i) => item.id === b[i]?.id);

/**
 * A paged list: the server-rendered pages until the island runs, then the
 * store's; 'Load more' appends without duplicates (SPEC §4) — a button once
 * the island runs, before that a link to the page with one page more.
 */
export function SearchResults<Q extends TextQuery, T extends { id: string }>({
  store,
  query,
  initial,
  resultsText,
  listLabel,
  listClassName,
  renderItem,
  errorText,
  moreLabel = m.search_load_more(),
  initialList,
}: Props<Q, T>): ReactElement {
  const hydrated = useHydrated();
  const state = useStore(store.$state);

  useEffect(() => {
    if (!store.$state.get().initialised) store.init(query, initial);
  }, [store, query, initial]);

  // Until the store holds the page's results (and during hydration) the props are the truth.
  const fromStore = hydrated && state.initialised;
  const { items, totalCount, pageNo, pageCount, moreThanTotalCount, loading } = fromStore
    ? { ...state, items: state.searchResults }
    : {
        ...initial.paginationMetadata,
        items: initial.items,
        moreThanTotalCount: initial.paginationMetadata.moreThanTotalCount === true,
        loading: false,
      };
  const showsInitial = initialList !== undefined && sameIds(items, initial.items);
  const moreHref =
    !hydrated && pageNo < MAX_LINKED_PAGES
      ? store.address.href(fromStore ? store.queryOf(state) : query, pageNo + 1)
      : null;

  return (
    <div className="flex flex-col gap-6">
      {resultsText && (
        <p className="text-sm text-ink-muted" aria-live="polite">
          {loading && items.length === 0 ? m.search_searching() : resultsText(totalCount, moreThanTotalCount)}
        </p>
      )}
      {showsInitial
        ? initialList
        : items.length > 0 && (
            <ul className={listClassName} aria-label={listLabel}>
              {items.map((item) => (
                <li key={item.id} data-item={item.id}>
                  {renderItem(item)}
                </li>
              ))}
            </ul>
          )}
      {fromStore && state.error && (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
          {errorText}
        </p>
      )}
      {hasMoreResults({ pageNo, pageCount }) &&
        (hydrated ? (
          <button
            type="button"
            className={moreClass}
            disabled={loading}
            onClick={() => void store.loadMore()}
          >
            {loading ? m.search_loading() : moreLabel}
          </button>
        ) : (
          moreHref && (
            <a href={moreHref} className={moreClass} data-load-more>
              {moreLabel}
            </a>
          )
        ))}
    </div>
  );
}

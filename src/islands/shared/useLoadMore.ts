import { useState } from 'react';
import type { Page } from '~/lib/contracts/common';

export interface LoadMore<T> {
  items: T[];
  hasMore: boolean;
  loading: boolean;
  /** The last try failed; the next one clears it. */
  failed: boolean;
  loadMore: () => Promise<void>;
}

/**
 * A server-rendered list that grows a page at a time (SPEC §4 'load more'):
 * the next page is appended, leaving out items already listed (by `keyOf`).
 */
export function useLoadMore<T>(
  initial: Page<T>,
  fetchPage: (pageNo: number) => Promise<Page<T>>,
  keyOf: (item: T) => string,
): LoadMore<T> {
  const [items, setItems] = useState(initial.items);
  const [meta, setMeta] = useState(initial.paginationMetadata);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const loadMore = async (): Promise<void> => {
    setLoading(true);
    setFailed(false);
    try {
      const page = await fetchPage(meta.pageNo + 1);
      setItems((current) => {
        const seen = new Set(current.map(keyOf));
        return [...current, ...page.items.filter((item) => !seen.has(keyOf(item)))];
      });
      setMeta(page.paginationMetadata);
    } catch (error) {
      console.warn('Could not load the next page.', error);
      setFailed(true);
    } finally {
      setLoading(false);
    }
  };

  return { items, hasMore: meta.pageNo < meta.pageCount, loading, failed, loadMore };
}

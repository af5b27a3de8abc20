import { useCallback, useEffect, useState } from 'react';
import { notifyStoreError } from '~/lib/api/storeErrors';

export interface PagedLoad<T> {
  /** The page shown; null until the first one came. */
  data: T | null;
  loading: boolean;
  /** The last load failed (and was toasted). */
  failed: boolean;
  load: (pageNo: number) => Promise<void>;
}

/**
 * A list read a page at a time with Previous / Next: page 1 at once, then the page asked for.
 * `fetch` is the page's read, kept stable by the caller (useCallback) so the first page is read once.
 */
export function usePagedLoad<T>(fetch: (pageNo: number) => Promise<T>): PagedLoad<T> {
  const [data, setData] = useState<T | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);

  const load = useCallback(
    async (pageNo: number): Promise<void> => {
      setLoading(true);
      setFailed(false);
      try {
        setData(await fetch(pageNo));
      } catch (error) {
        notifyStoreError(error);
        setFailed(true);
      } finally {
        setLoading(false);
      }
    },
    [fetch],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  return { data, loading, failed, load };
}

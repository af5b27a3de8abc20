import type { Page, Pagination } from '~/lib/contracts/common';

// The paging rules of every list shown a page at a time (SPEC §4 'load more'), on the server (a
// no-JavaScript 'Load more' link reads pages 1 to n) and in the browser (a store appends the next).

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

/** Page size of an answer: its own, else `fallback` (when it gives none). */
export function pageSizeOr(meta: Partial<Pick<Pagination, 'pageSize'>>, fallback: number): number {
  return meta.pageSize && meta.pageSize > 0 ? meta.pageSize : fallback;
}

/**
 * Pages 1 to `count` of a list, read at once and joined in order with each
 * item once: what a no-JavaScript 'Load more' link (one page more each time) shows.
 */
export async function readPagesUpTo<T extends { id: string }>(
  count: number,
  pageSize: number,
  readPage: (pageNo: number) => Promise<Page<T>>,
): Promise<Page<T>> {
  const pages = await Promise.all(Array.from({ length: count }, (_, i) => readPage(i + 1)));
  const items = pages.reduce<T[]>((all, page) => appendNewById(all, page.items), []);
  return {
    items,
    paginationMetadata: pages.at(-1)?.paginationMetadata ?? {
      totalCount: 0,
      pageCount: 0,
      pageNo: 1,
      pageSize,
    },
  };
}

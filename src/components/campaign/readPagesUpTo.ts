import type { Page } from '~/lib/contracts/common';
import { appendNewById } from '~/stores/search';

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

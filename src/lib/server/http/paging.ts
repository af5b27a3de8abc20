import type { Pagination } from '~/lib/contracts/common';
import { intParam } from './params';

/** The page a list request asks for (1-based). */
export interface PageQuery {
  pageNo: number;
  pageSize: number;
}

export function paginationOf(totalCount: number, pageNo: number, pageSize: number): Pagination {
  return { totalCount, pageCount: Math.ceil(totalCount / pageSize), pageNo, pageSize };
}

/** The rows a page asks for: `limit` and `offset` for its query. */
export function pageWindow(page: PageQuery): { limit: number; offset: number } {
  return { limit: page.pageSize, offset: (page.pageNo - 1) * page.pageSize };
}

/** One page of a list: its items, and the pagination of `totalCount` rows in all. */
export function pageOf<T>(
  items: T[],
  totalCount: number,
  page: PageQuery,
): { items: T[]; paginationMetadata: Pagination } {
  return { items, paginationMetadata: paginationOf(totalCount, page.pageNo, page.pageSize) };
}

/**
 * The pagination of a list counted up to `bound` + 1 matches (`found` of them): exact when
 * `found` is at most `bound`; past it `bound` with `moreThanTotalCount`, and a page count that
 * goes one page past the `bound` matches, so 'Load more' carries on.
 */
export function cappedPaginationOf(
  found: number,
  bound: number,
  pageNo: number,
  pageSize: number,
): Pagination {
  if (found <= bound) return paginationOf(found, pageNo, pageSize);
  return {
    totalCount: bound,
    pageCount: Math.ceil((bound + 1) / pageSize),
    pageNo,
    pageSize,
    moreThanTotalCount: true,
  };
}

/**
 * The `pageNo` and `pageSize` query parameters: page 1 and `defaultSize` when
 * absent or malformed, and never more than `maxSize` a page.
 */
export function pageQueryOf(params: URLSearchParams, defaultSize: number, maxSize: number): PageQuery {
  return {
    pageNo: intParam(params.get('pageNo'), 1),
    pageSize: intParam(params.get('pageSize'), defaultSize, maxSize),
  };
}

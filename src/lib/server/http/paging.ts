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

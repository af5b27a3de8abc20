import type { SQL } from 'drizzle-orm';
import type { AnyPgColumn, PgSelect } from 'drizzle-orm/pg-core';
import type { Page } from '~/lib/contracts/common';
import { type PageQuery, pageOf, pageWindow } from '~/lib/server/http/paging';

/**
 * One page of a list: `rows` (a query with its filter, made `$dynamic()`) in `order` and cut to the
 * page, and `total` (the count of the same filter), read at once; each row becomes an item.
 */
export async function readPage<Q extends PgSelect, T>(
  page: PageQuery,
  rows: Q,
  order: (SQL | AnyPgColumn)[],
  total: PromiseLike<number>,
  toItem: (row: Awaited<Q>[number]) => T,
): Promise<Page<T>> {
  const { limit, offset } = pageWindow(page);
  const [found, counted] = await Promise.all([
    rows
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    total,
  ]);
  return pageOf((found as Awaited<Q>).map(toItem), counted, page);
}

import type { ReactElement, ReactNode } from 'react';
import type { PagedList } from '~/stores/pagedList';

interface Props {
  /** The list store's state: how many are shown of how many, whether a page is loading or the last did not come. */
  list: Pick<PagedList<unknown>, 'items' | 'totalCount' | 'loading' | 'error'>;
  /** The list's item, singular and plural: ['payout', 'payouts']. */
  noun: readonly [one: string, many: string];
  hasMore: boolean;
  onMore: () => void;
  /** More beside them (a 'Start another campaign'). */
  children?: ReactNode;
}

/** Under a list loaded a page at a time: 'Showing 5 of 12 payouts', 'Load more payouts' and a failed page said. */
export function ShowingMore({ list, noun: [one, many], hasMore, onMore, children }: Props): ReactElement {
  const { items, totalCount: total, loading, error: failed } = list;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {total > 0 ? (
        <p className="text-sm text-ink-muted" aria-live="polite">
          Showing {items.length} of {total} {total === 1 ? one : many}
        </p>
      ) : null}
      {hasMore ? (
        <button type="button" className="btn-outline disabled:opacity-60" disabled={loading} onClick={onMore}>
          {loading ? 'Loading…' : `Load more ${many}`}
        </button>
      ) : null}
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          We could not load more {many}. Try again.
        </p>
      ) : null}
      {children}
    </div>
  );
}

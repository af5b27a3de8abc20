import type { ReactElement, ReactNode } from 'react';

interface Props {
  shown: number;
  total: number;
  /** The list's item, singular and plural: ['payout', 'payouts']. */
  noun: readonly [one: string, many: string];
  hasMore: boolean;
  loading: boolean;
  onMore: () => void;
  /** The last page did not come. */
  failed: boolean;
  /** More beside them (a 'Start another campaign'). */
  children?: ReactNode;
}

/** Under a list loaded a page at a time: 'Showing 5 of 12 payouts', 'Load more payouts' and a failed page said. */
export function ShowingMore({
  shown,
  total,
  noun: [one, many],
  hasMore,
  loading,
  onMore,
  failed,
  children,
}: Props): ReactElement {
  return (
    <div className="flex flex-wrap items-center gap-3">
      {total > 0 ? (
        <p className="text-sm text-ink-muted" aria-live="polite">
          Showing {shown} of {total} {total === 1 ? one : many}
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

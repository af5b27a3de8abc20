import { Fragment, type ReactElement, type ReactNode, useEffect, useRef } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import type { PagedList } from '~/stores/pagedList';
import { ListLoadFailed } from './donationParts';
import { ListPager } from './ListPager';

interface Props<T> {
  state: PagedList<T>;
  /** Loads a page into `state`. */
  load: (pageNo: number) => Promise<unknown>;
  /** 'once-off donations': in the loading, failure and landmark texts. */
  what: string;
  /** Shown when the user has none. */
  empty: ReactNode;
  keyOf: (item: T) => string;
  /** One `<li>`. */
  renderItem: (item: T) => ReactElement;
}

/**
 * One list of My Donations, 5 a page: loads page 1, says when it is loading or
 * failed, and after a page change puts the keyboard at the top of the new page.
 */
export function PagedDonationList<T>({
  state,
  load,
  what,
  empty,
  keyOf,
  renderItem,
}: Props<T>): ReactElement {
  const list = useRef<HTMLUListElement>(null);
  const paged = useRef(false);

  useEffect(() => {
    void load(1);
  }, [load]);

  useEffect(() => {
    if (!paged.current || state.loading) return;
    paged.current = false;
    list.current?.focus();
  }, [state.loading]);

  if (!state.loaded) {
    return state.error ? (
      <ListLoadFailed what={what} onRetry={() => void load(1)} />
    ) : (
      <SessionPending label={`Loading your ${what}…`} />
    );
  }

  if (state.items.length === 0) return <div className="space-y-3">{empty}</div>;

  const label = `${what.charAt(0).toUpperCase()}${what.slice(1)}`;
  return (
    <div className="space-y-4">
      <ul
        ref={list}
        tabIndex={-1}
        aria-label={`Your ${what}`}
        aria-busy={state.loading}
        className="space-y-3 outline-none"
      >
        {state.items.map((item) => (
          <Fragment key={keyOf(item)}>{renderItem(item)}</Fragment>
        ))}
      </ul>
      {state.error ? (
        <p role="alert" className="text-sm text-red-700">
          We could not load that page. Try again.
        </p>
      ) : null}
      <ListPager
        label={`${label} pages`}
        pageNo={state.pageNo}
        pageCount={state.pageCount}
        loading={state.loading}
        onPage={(pageNo) => {
          paged.current = true;
          void load(pageNo);
        }}
      />
    </div>
  );
}

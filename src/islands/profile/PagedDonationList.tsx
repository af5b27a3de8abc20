import { Fragment, type ReactElement, type ReactNode, useEffect, useRef } from 'react';
import { SessionPending } from '~/islands/auth/SessionPending';
import { m } from '~/lib/i18n';
import type { PagedList } from '~/stores/pagedList';
import { ListLoadFailed } from './donationParts';
import { ListPager } from './ListPager';

/** A list's own words, in the page's language: while loading, on failure, its name and its pager's. */
export interface ListTexts {
  /** 'Loading your once-off donations…' */
  loading: string;
  /** 'We could not load your once-off donations.' */
  failed: string;
  /** 'Your once-off donations' (the list's accessible name). */
  list: string;
  /** 'Once-off donations pages' (the pager's landmark). */
  pages: string;
}

interface Props<T> {
  state: PagedList<T>;
  /** Loads a page into `state`. */
  load: (pageNo: number) => Promise<unknown>;
  /** The loading, failure and landmark texts. */
  texts: ListTexts;
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
  texts,
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
      <ListLoadFailed message={texts.failed} onRetry={() => void load(1)} />
    ) : (
      <SessionPending label={texts.loading} />
    );
  }

  if (state.items.length === 0) return <div className="space-y-3">{empty}</div>;

  return (
    <div className="space-y-4">
      <ul
        ref={list}
        tabIndex={-1}
        aria-label={texts.list}
        aria-busy={state.loading}
        className="space-y-3 outline-none"
      >
        {state.items.map((item) => (
          <Fragment key={keyOf(item)}>{renderItem(item)}</Fragment>
        ))}
      </ul>
      {state.error ? (
        <p role="alert" className="text-sm text-red-700">
          {m.profile_page_failed()}
        </p>
      ) : null}
      <ListPager
        label={texts.pages}
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

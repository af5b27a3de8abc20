import type { ReactElement, ReactNode } from 'react';
import { ListPager } from '~/islands/profile/ListPager';
import type { Page } from '~/lib/contracts/common';
import { LoadFailure } from './LoadFailure';
import type { PagedLoad } from './usePagedLoad';

interface Props<P extends Page<unknown>> {
  /** The list, read a page at a time by usePagedLoad. */
  paged: PagedLoad<P>;
  texts: {
    /** The page did not come (with Try again). */
    failed: string;
    /** Before the first page came. */
    loading: string;
    /** Nothing to list at all. */
    empty: string;
    /** Names Previous / Next, e.g. 'Receipt pages'. */
    pages: string;
  };
  /** The page shown. */
  children: (page: P) => ReactNode;
}

/**
 * What a list read a page at a time shows: the failure with a retry of the same page, 'Loading…'
 * before the first page, the empty text, or the page and Previous / Next under it.
 */
export function PagedLoadView<P extends Page<unknown>>({
  paged: { data, loading, failed, load },
  texts,
  children,
}: Props<P>): ReactElement {
  if (failed) {
    return (
      <LoadFailure message={texts.failed} onRetry={() => void load(data?.paginationMetadata.pageNo ?? 1)} />
    );
  }
  if (!data) return <p className="text-ink-muted">{texts.loading}</p>;
  const { pageNo, pageCount, totalCount } = data.paginationMetadata;
  if (totalCount <= 0) return <p className="text-ink-muted">{texts.empty}</p>;
  return (
    <>
      {children(data)}
      <ListPager
        label={texts.pages}
        pageNo={pageNo}
        pageCount={pageCount}
        loading={loading}
        onPage={(page) => void load(page)}
      />
    </>
  );
}

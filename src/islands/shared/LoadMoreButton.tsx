import type { ReactElement } from 'react';
import { useHydrated } from '~/islands/shell/useHydrated';
import { m } from '~/lib/i18n';
import type { LoadMore } from './useLoadMore';

interface Props {
  // biome-ignore lint/suspicious/noExplicitAny: any list; only its paging state is read.
  list: LoadMore<any>;
  /** 'Load more updates'. */
  label: string;
  /** Said when the next page could not be loaded. */
  failedText: string;
  /** Without JavaScript: the page with one more page of the list (none: no link). */
  href: string | null;
  align: 'center' | 'start';
}

/** Under a list: why the last page did not come, and 'Load more' (a link to the longer page until the island runs). */
export function LoadMoreButton({ list, label, failedText, href, align }: Props): ReactElement {
  const hydrated = useHydrated();
  const moreClass = `btn-outline ${align === 'center' ? 'self-center' : 'self-start'} px-6`;
  return (
    <>
      {list.failed && (
        <p role="alert" className="mt-2 text-sm text-red-800">
          {failedText}
        </p>
      )}
      {list.hasMore &&
        (hydrated ? (
          <button
            type="button"
            className={moreClass}
            disabled={list.loading}
            onClick={() => void list.loadMore()}
          >
            {list.loading ? m.search_loading() : label}
          </button>
        ) : (
          href && (
            <a href={href} className={moreClass} data-load-more>
              {label}
            </a>
          )
        ))}
    </>
  );
}

import type { ReactElement } from 'react';

const moreClass = 'btn-outline self-center px-8 py-2.5';

/**
 * 'Load more' under a list: a button that loads in place once the island
 * runs; before that a link to the page with one page more (none when `href` is null).
 */
export function LoadMore({
  hydrated,
  loading,
  onMore,
  href,
  label = 'Load more',
}: {
  hydrated: boolean;
  loading: boolean;
  onMore: () => void;
  href: string | null;
  label?: string;
}): ReactElement | null {
  if (hydrated) {
    return (
      <button type="button" className={moreClass} disabled={loading} onClick={onMore}>
        {loading ? 'Loading…' : label}
      </button>
    );
  }
  return href ? (
    <a href={href} className={moreClass}>
      {label}
    </a>
  ) : null;
}

/** A list's failure to load, read out at once. */
export function LoadError({ children }: { children: string }): ReactElement {
  return (
    <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-900">
      {children}
    </p>
  );
}

import type { ReactElement } from 'react';
import { m } from '~/lib/i18n';

interface Props {
  /** Names the navigation landmark, e.g. 'Once-off donations pages'. */
  label: string;
  pageNo: number;
  pageCount: number;
  loading: boolean;
  onPage: (pageNo: number) => void;
}

const buttonClass = 'btn-outline px-3 py-1.5 text-sm disabled:cursor-not-allowed disabled:opacity-50';

/** Previous / Next through a paged list, with where we are; nothing when everything fits on one page. */
export function ListPager({ label, pageNo, pageCount, loading, onPage }: Props): ReactElement | null {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={label} className="flex flex-wrap items-center gap-3">
      <button
        type="button"
        className={buttonClass}
        disabled={loading || pageNo <= 1}
        onClick={() => onPage(pageNo - 1)}
      >
        {m.profile_previous()}
      </button>
      <p className="text-sm text-ink-muted" aria-live="polite">
        {m.profile_page_of({ page: pageNo, count: pageCount })}
      </p>
      <button
        type="button"
        className={buttonClass}
        disabled={loading || pageNo >= pageCount}
        onClick={() => onPage(pageNo + 1)}
      >
        {m.profile_next()}
      </button>
    </nav>
  );
}

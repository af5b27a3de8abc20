import type { ReactElement, ReactNode } from 'react';
import { m } from '~/lib/i18n';

/** A donation's card in the My Donations lists (here, in a .tsx file, where UnoCSS looks for classes). */
export const rowClass = 'rounded-lg border border-gray-200 bg-white p-4';

/** One term and its value in a donation's description list. */
export function DetailRow({ term, children }: { term: string; children: ReactNode }): ReactElement {
  return (
    <div>
      <dt className="text-xs font-semibold text-ink-muted">{term}</dt>
      <dd className="text-ink">{children}</dd>
    </div>
  );
}

/** A list that could not load its first page (`message` says so), with a way to ask again. */
export function ListLoadFailed({ message, onRetry }: { message: string; onRetry: () => void }): ReactElement {
  return (
    <div role="alert" className="space-y-3">
      <p>{message}</p>
      <button type="button" className="btn-outline" onClick={onRetry}>
        {m.profile_try_again()}
      </button>
    </div>
  );
}

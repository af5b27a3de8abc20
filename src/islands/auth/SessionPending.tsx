import type { ReactElement } from 'react';

/** What a protected page shows while the session is checked (and, for visitors, on the way to login). */
export function SessionPending({ label }: { label: string }): ReactElement {
  return (
    <div role="status" className="flex items-center gap-3 py-10 text-ink-muted">
      <span
        className="h-5 w-5 animate-spin rounded-full border-2 border-brand/30 border-t-brand"
        aria-hidden="true"
      />
      {label}
    </div>
  );
}

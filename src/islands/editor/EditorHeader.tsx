import type { ReactElement, ReactNode } from 'react';

/** The line above an editor page's tabs: what is edited, its status chips, then links away on the right. */
export function EditorHeader({
  title,
  chips,
  links,
}: {
  title: string;
  chips: ReactNode;
  links: ReactNode;
}): ReactElement {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
      <p className="min-w-0 break-words text-lg font-semibold text-ink">{title}</p>
      {chips}
      <div className="flex-1" />
      {links}
    </div>
  );
}

/** A status as a small rounded chip; `tone` is its colour classes. */
export function StatusChip({ tone, children }: { tone: string; children: ReactNode }): ReactElement {
  return (
    <span className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold ${tone}`}>{children}</span>
  );
}

import type { ReactElement, ReactNode } from 'react';

/** A titled part of a payout page. */
export function PayoutSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}): ReactElement {
  return (
    <section aria-labelledby={`${id}-title`} className="space-y-4">
      <h2 id={`${id}-title`} className="text-xl font-bold text-ink">
        {title}
      </h2>
      {children}
    </section>
  );
}

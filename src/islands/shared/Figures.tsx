import type { ReactElement, ReactNode } from 'react';

export interface FigureEntry {
  /** Names the figure; unique in its list. */
  label: string;
  value: ReactNode;
  /** How this value reads when it differs from the rest (the net total, a verified mark). */
  valueClassName?: string;
}

/**
 * A `<dl>` of named figures (totals, counts, a card's facts): each muted name above its value.
 * A null entry is a figure that does not apply (no refunds) and is left out.
 */
export function Figures({
  figures,
  className,
  valueClassName,
  label,
}: {
  figures: readonly (FigureEntry | null)[];
  className: string;
  /** How the values read: the list decides (bold totals, semibold card facts). */
  valueClassName: string;
  /** Names the list, when the page around it does not. */
  label?: string;
}): ReactElement {
  return (
    <dl className={className} aria-label={label}>
      {figures.map((figure) =>
        figure ? (
          <div key={figure.label}>
            <dt className="text-ink-muted">{figure.label}</dt>
            <dd className={figure.valueClassName ?? valueClassName}>{figure.value}</dd>
          </div>
        ) : null,
      )}
    </dl>
  );
}

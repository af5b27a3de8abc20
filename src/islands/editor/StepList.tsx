import type { ReactElement } from 'react';

interface Props<S extends string> {
  /** The navigation's accessible name ('Campaign steps'). */
  label: string;
  steps: readonly S[];
  labels: Readonly<Record<S, string>>;
  step: S;
  onGoTo: (step: S) => void;
}

/** A form's numbered steps (the campaign editor's, the organisation form's); any of them may be opened. */
export function StepList<S extends string>({ label, steps, labels, step, onGoTo }: Props<S>): ReactElement {
  return (
    <nav aria-label={label}>
      <ol className="-mx-1 flex gap-1 overflow-x-auto pb-1">
        {steps.map((s, i) => (
          <li key={s} className="shrink-0">
            <button
              type="button"
              aria-current={s === step ? 'step' : undefined}
              className={`flex min-h-9 items-center gap-2 rounded-full px-2 py-1.5 text-sm font-semibold sm:px-3 ${
                s === step ? 'bg-brand text-white' : 'bg-gray-100 text-ink hover:bg-gray-200'
              }`}
              onClick={() => onGoTo(s)}
            >
              <span
                aria-hidden="true"
                className={`flex h-5 w-5 items-center justify-center rounded-full text-xs ${
                  s === step ? 'bg-white text-brand' : 'bg-white text-ink-muted'
                }`}
              >
                {i + 1}
              </span>
              {/* On a phone only the current step is named; the others keep their names for screen readers. */}
              <span className={s === step ? '' : 'sr-only sm:not-sr-only'}>{labels[s]}</span>
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}

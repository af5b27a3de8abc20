import type { ReactElement, ReactNode } from 'react';
import type { StepNavigation } from './useStepNavigation';

/** One step's inputs; the others stay in the form, hidden, so their values and errors live on. */
export function StepSection<S extends string>({
  name,
  current,
  labels,
  children,
}: {
  name: S;
  current: S;
  labels: Readonly<Record<S, string>>;
  children: ReactNode;
}): ReactElement {
  return (
    <section data-step={name} hidden={current !== name} aria-label={labels[name]}>
      {children}
    </section>
  );
}

/** The open step's heading ('Step 2 of 5: Story' to a screen reader), where the keyboard lands after a move. */
export function StepHeading<S extends string>({
  navigation,
  steps,
  labels,
}: {
  navigation: StepNavigation<S>;
  steps: readonly S[];
  labels: Readonly<Record<S, string>>;
}): ReactElement {
  return (
    <h2 ref={navigation.headingRef} tabIndex={-1} className="text-xl font-bold text-ink focus:outline-none">
      <span className="sr-only">
        Step {navigation.index + 1} of {steps.length}:{' '}
      </span>
      {labels[navigation.step]}
    </h2>
  );
}

/** The bar under the steps: Back to the previous step, then the form's own buttons on the right. */
export function StepActionBar<S extends string>({
  previous,
  labels,
  onGoTo,
  children,
}: {
  previous: S | undefined;
  labels: Readonly<Record<S, string>>;
  onGoTo: (step: S) => void;
  children: ReactNode;
}): ReactElement {
  return (
    <div className="grid grid-cols-2 gap-2 border-t border-gray-200 pt-4 sm:flex sm:items-center">
      {previous ? (
        <button type="button" className="btn-outline" onClick={() => onGoTo(previous)}>
          Back<span className="hidden sm:inline"> to {labels[previous]}</span>
        </button>
      ) : null}
      <div className="hidden sm:block sm:flex-1" />
      {children}
    </div>
  );
}

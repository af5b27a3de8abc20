import { type FormStore, validate } from '@modular-forms/react';
import { type RefObject, useState } from 'react';
import { useStepFocus } from './useStepFocus';

export interface StepNavigation<S extends string> {
  step: S;
  /** The step's position, from 0. */
  index: number;
  previous: S | undefined;
  next: S | undefined;
  /** To `target`, and to its input `field` when given (the review's links to a problem). */
  goTo: (target: S, field?: string) => void;
  /** To the next step once this step's inputs are valid; otherwise to this step's first invalid input. */
  goNext: () => Promise<void>;
  /** Opens the first step that has a problem at one of these paths, with its first invalid input focused. */
  openFirstProblem: (paths: readonly string[]) => void;
  /** Straight to `target` with its heading focused (the review, where a failed launch explains itself). */
  show: (target: S) => void;
  formRef: RefObject<HTMLFormElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

interface Steps<S extends string> {
  steps: readonly S[];
  initialStep: S;
  /** Which step holds the input at a form path. */
  stepOfField: (path: string) => S;
  /** The paths of every input the form has now. */
  fieldPaths: () => string[];
}

/** Moving between a stepped form's steps (the campaign editor's, the organisation's), with the keyboard following (useStepFocus). */
export function useStepNavigation<S extends string>(
  // biome-ignore lint/suspicious/noExplicitAny: any stepped form; its paths come from `fieldPaths`.
  form: FormStore<any, undefined>,
  { steps, initialStep, stepOfField, fieldPaths }: Steps<S>,
): StepNavigation<S> {
  const [step, setStep] = useState<S>(initialStep);
  const focus = useStepFocus<S>(step);
  const index = steps.indexOf(step);
  const previous = steps[index - 1];
  const next = steps[index + 1];

  const goTo = (target: S, field?: string): void => {
    if (field) focus.focusOnArrival(target, field);
    else focus.focusHeadingOnArrival();
    setStep(target);
  };

  const goNext = async (): Promise<void> => {
    if (!next) return;
    const names = fieldPaths().filter((p) => stepOfField(p) === step);
    if (!(await validate(form, names, { shouldFocus: false }))) {
      focus.focusOnArrival(step);
      return;
    }
    goTo(next);
  };

  const openFirstProblem = (paths: readonly string[]): void => {
    const first = steps.find((s) => paths.some((p) => stepOfField(p) === s));
    if (!first) return;
    setStep(first);
    focus.focusOnArrival(first);
  };

  const show = (target: S): void => {
    setStep(target);
    focus.focusHeading();
  };

  return {
    step,
    index,
    previous,
    next,
    goTo,
    goNext,
    openFirstProblem,
    show,
    formRef: focus.formRef,
    headingRef: focus.headingRef,
  };
}

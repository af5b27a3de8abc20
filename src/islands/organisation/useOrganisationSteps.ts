import { getValues, validate } from '@modular-forms/react';
import { type RefObject, useState } from 'react';
import { useStepFocus } from '~/islands/editor/useStepFocus';
import {
  completeOrganisationValues,
  ORGANISATION_STEPS,
  type OrganisationFormStore,
  type OrganisationFormValues,
  type OrganisationStep,
  organisationFieldPaths,
  stepOfField,
} from './organisationValues';

export interface OrganisationSteps {
  step: OrganisationStep;
  index: number;
  previous: OrganisationStep | undefined;
  next: OrganisationStep | undefined;
  goTo: (target: OrganisationStep) => void;
  /** To the next step once this step's inputs are valid; otherwise to this step's first invalid input. */
  goNext: () => Promise<void>;
  /** Opens the first step with a problem at one of these paths, its first invalid input focused. */
  openFirstProblem: (paths: readonly string[]) => void;
  formRef: RefObject<HTMLFormElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** Moving between the organisation form's steps, with the keyboard following (useStepFocus). */
export function useOrganisationSteps(form: OrganisationFormStore): OrganisationSteps {
  const [step, setStep] = useState<OrganisationStep>('organisation');
  const focus = useStepFocus(step);
  const index = ORGANISATION_STEPS.indexOf(step);
  const previous = ORGANISATION_STEPS[index - 1];
  const next = ORGANISATION_STEPS[index + 1];

  const goTo = (target: OrganisationStep): void => {
    focus.focusHeadingOnArrival();
    setStep(target);
  };

  const goNext = async (): Promise<void> => {
    if (!next) return;
    const values = completeOrganisationValues(
      getValues(form, { peek: true }) as Partial<OrganisationFormValues>,
    );
    const names = organisationFieldPaths(values).filter((p) => stepOfField(p) === step);
    // biome-ignore lint/suspicious/noExplicitAny: names come from the form's own values.
    if (!(await validate(form, names as any, { shouldFocus: false }))) {
      focus.focusOnArrival(step);
      return;
    }
    goTo(next);
  };

  const openFirstProblem = (paths: readonly string[]): void => {
    const first = ORGANISATION_STEPS.find((s) => paths.some((p) => stepOfField(p) === s));
    if (!first) return;
    setStep(first);
    focus.focusOnArrival(first);
  };

  return {
    step,
    index,
    previous,
    next,
    goTo,
    goNext,
    openFirstProblem,
    formRef: focus.formRef,
    headingRef: focus.headingRef,
  };
}

import { validate } from '@modular-forms/react';
import { type RefObject, useState } from 'react';
import { CAMPAIGN_STEPS, type CampaignStep } from '~/stores/campaignCreation';
import { type CampaignFormStore, fieldPaths, readCampaignValues } from './campaignFormStore';
import { stepOfField } from './campaignValues';
import { useStepFocus } from './useStepFocus';

export interface StepNavigation {
  step: CampaignStep;
  /** The step's position, from 0. */
  index: number;
  previous: CampaignStep | undefined;
  next: CampaignStep | undefined;
  /** To `target`, and to its input `field` when given (the review's links to a problem). */
  goTo: (target: CampaignStep, field?: string) => void;
  /** To the next step once this step's inputs are valid; otherwise to this step's first invalid input. */
  goNext: () => Promise<void>;
  /** Opens the first step that has a problem at one of these paths, with its first invalid input focused. */
  openFirstProblem: (paths: readonly string[]) => void;
  /** Back to the review with its heading focused (where a failed launch explains itself). */
  showReview: () => void;
  formRef: RefObject<HTMLFormElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
}

/** Moving between the editor's steps, with the keyboard following (useStepFocus). */
export function useStepNavigation(form: CampaignFormStore, initialStep: CampaignStep): StepNavigation {
  const [step, setStep] = useState<CampaignStep>(initialStep);
  const focus = useStepFocus(step);
  const index = CAMPAIGN_STEPS.indexOf(step);
  const previous = CAMPAIGN_STEPS[index - 1];
  const next = CAMPAIGN_STEPS[index + 1];

  const goTo = (target: CampaignStep, field?: string): void => {
    if (field) focus.focusOnArrival(target, field);
    else focus.focusHeadingOnArrival();
    setStep(target);
  };

  const goNext = async (): Promise<void> => {
    if (!next) return;
    const names = fieldPaths(readCampaignValues(form)).filter((p) => stepOfField(p) === step);
    // biome-ignore lint/suspicious/noExplicitAny: names come from the form's own values.
    if (!(await validate(form, names as any, { shouldFocus: false }))) {
      focus.focusOnArrival(step);
      return;
    }
    goTo(next);
  };

  const openFirstProblem = (paths: readonly string[]): void => {
    const first = CAMPAIGN_STEPS.find((s) => paths.some((p) => stepOfField(p) === s));
    if (!first) return;
    setStep(first);
    focus.focusOnArrival(first);
  };

  const showReview = (): void => {
    setStep('review');
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
    showReview,
    formRef: focus.formRef,
    headingRef: focus.headingRef,
  };
}

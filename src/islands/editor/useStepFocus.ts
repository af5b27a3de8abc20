import { type RefObject, useEffect, useRef, useState } from 'react';
import { fieldId } from '~/islands/form/fieldParts';
import type { CampaignStep } from '~/stores/campaignCreation';

interface StepFocus<S extends string> {
  formRef: RefObject<HTMLFormElement | null>;
  headingRef: RefObject<HTMLHeadingElement | null>;
  /** Once `step` shows: focus the input `field`, or else its first invalid input, or else the heading. */
  focusOnArrival: (step: S, field?: string) => void;
  /** Once the next step shows: focus its heading, so a keyboard user starts reading there. */
  focusHeadingOnArrival: () => void;
  focusHeading: () => void;
}

/**
 * Puts the keyboard where the owner arrives after moving to a step or to a
 * problem (the campaign editor's steps, or another form's, e.g. the organisation's).
 */
export function useStepFocus<S extends string = CampaignStep>(step: S): StepFocus<S> {
  const formRef = useRef<HTMLFormElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const movedByUser = useRef(false);
  const [target, setTarget] = useState<{ step: S; field?: string | undefined } | null>(null);

  useEffect(() => {
    if (!target || target.step !== step) return;
    const section = formRef.current?.querySelector<HTMLElement>(`[data-step="${step}"]`);
    const input = target.field
      ? section?.querySelector<HTMLElement>(`#${fieldId(target.field)}`)
      : section?.querySelector<HTMLElement>('[aria-invalid="true"]');
    (input ?? headingRef.current)?.focus();
    setTarget(null);
  }, [target, step]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each change of step, which it does not read.
  useEffect(() => {
    if (movedByUser.current) headingRef.current?.focus();
    movedByUser.current = false;
  }, [step]);

  return {
    formRef,
    headingRef,
    focusOnArrival: (next, field) => setTarget({ step: next, field }),
    focusHeadingOnArrival: () => {
      movedByUser.current = true;
    },
    focusHeading: () => headingRef.current?.focus(),
  };
}

import {
  type FieldValues,
  type FormErrors,
  type FormStore,
  type PartialValues,
  useForm,
} from '@modular-forms/react';
import { useRef } from 'react';
import { type StepNavigation, useStepNavigation } from './useStepNavigation';

interface SteppedFormOptions<V extends FieldValues, S extends string> {
  initialValues: V;
  /** Every problem in the values as they stand; the latest one given is used, so it may read the latest props. */
  check: (values: Partial<V>) => FormErrors<V>;
  steps: readonly S[];
  initialStep: S;
  /** Which step holds the input at a form path. */
  stepOfField: (path: string) => S;
  /** The paths of every input the form has now. */
  fieldPathsOf: (form: FormStore<V, undefined>) => string[];
}

/**
 * A form in steps (the campaign editor's, the organisation's): checked whole on submit, then again on
 * each change, with the navigation between its steps.
 */
export function useSteppedForm<V extends FieldValues, S extends string>({
  initialValues,
  check,
  steps,
  initialStep,
  stepOfField,
  fieldPathsOf,
}: SteppedFormOptions<V, S>): { form: FormStore<V, undefined>; navigation: StepNavigation<S> } {
  const latestCheck = useRef(check);
  latestCheck.current = check;
  const [form] = useForm<V>({
    // Whole values are among the partial ones useForm takes; TypeScript cannot see it for any V.
    initialValues: initialValues as PartialValues<V>,
    validateOn: 'submit',
    revalidateOn: 'change',
    validate: (values) => latestCheck.current(values as Partial<V>),
  });
  const navigation = useStepNavigation(form, {
    steps,
    initialStep,
    stepOfField,
    fieldPaths: () => fieldPathsOf(form),
  });
  return { form, navigation };
}

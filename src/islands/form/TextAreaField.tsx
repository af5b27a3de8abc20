import { Field, type FormStore } from '@modular-forms/react';
import type { ReactElement, ReactNode } from 'react';
import { type FieldBinding, inputClass, LabelledField, textOf, useFieldState } from './fieldParts';

interface Props extends FieldBinding {
  label: string;
  hint?: ReactNode;
  maxLength: number;
  rows?: number;
  required?: boolean;
}

/** A labelled textarea (optional unless told) with a character count. */
export function TextAreaField({
  field,
  props,
  label,
  hint,
  maxLength,
  rows = 4,
  required = false,
}: Props): ReactElement {
  const { id, error, value, describedBy } = useFieldState(field, hint);
  const text = textOf(value);
  return (
    <LabelledField id={id} label={label} required={required} hint={hint} error={error}>
      <textarea
        {...props}
        id={id}
        rows={rows}
        value={text}
        maxLength={maxLength}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy ?? `${id}-count`}
        className={inputClass}
      />
      <p id={`${id}-count`} className="mt-1 text-right text-xs text-ink-muted">
        {text.length} / {maxLength}
      </p>
    </LabelledField>
  );
}

/** A TextAreaField bound to `name` of `form`, for forms whose texts are listed or shared. */
export function FormTextArea({
  form,
  name,
  ...field
}: Omit<Props, keyof FieldBinding> & {
  // biome-ignore lint/suspicious/noExplicitAny: any form with a text called `name`.
  form: FormStore<any, undefined>;
  name: string;
}): ReactElement {
  return (
    <Field of={form} name={name}>
      {(binding, props) => <TextAreaField field={binding} props={props} {...field} />}
    </Field>
  );
}

import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement, ReactNode } from 'react';
import {
  type AnyFieldProps,
  type AnyFieldStore,
  describedBy,
  FieldLabel,
  FieldMessages,
  fieldId,
  inputClass,
} from './fieldParts';

interface Props {
  field: AnyFieldStore;
  props: AnyFieldProps;
  label: string;
  hint?: ReactNode;
  maxLength: number;
  rows?: number;
}

/** A labelled, optional textarea with a character count. */
export function TextAreaField({ field, props, label, hint, maxLength, rows = 4 }: Props): ReactElement {
  useSignals();
  const id = fieldId(String(field.name));
  const error = field.error.value;
  const value = typeof field.value.value === 'string' ? field.value.value : '';
  return (
    <div>
      <FieldLabel id={id} label={label} required={false} />
      <textarea
        {...props}
        id={id}
        rows={rows}
        value={value}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error) ?? `${id}-count`}
        className={inputClass}
      />
      <p id={`${id}-count`} className="mt-1 text-right text-xs text-ink-muted">
        {value.length} / {maxLength}
      </p>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

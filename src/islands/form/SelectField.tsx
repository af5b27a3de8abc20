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
  type Option,
} from './fieldParts';

interface Props {
  field: AnyFieldStore;
  props: AnyFieldProps;
  label: string;
  options: readonly Option[];
  /** Adds an empty first option, meaning "none" (or "not chosen yet"). */
  placeholder?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
}

/** A labelled select bound to a modular-forms field. */
export function SelectField({
  field,
  props,
  label,
  options,
  placeholder,
  hint,
  required = false,
  disabled = false,
  autoComplete,
}: Props): ReactElement {
  useSignals();
  const id = fieldId(String(field.name));
  const error = field.error.value;
  const value = field.value.value;
  return (
    <div>
      <FieldLabel id={id} label={label} required={required} />
      <select
        {...props}
        id={id}
        value={typeof value === 'string' ? value : ''}
        autoComplete={autoComplete}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={inputClass}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

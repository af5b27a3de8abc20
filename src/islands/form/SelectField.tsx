import type { ReactElement, ReactNode } from 'react';
import {
  type FieldBinding,
  inputClass,
  LabelledField,
  type Option,
  textOf,
  useFieldState,
} from './fieldParts';

interface Props extends FieldBinding {
  label: string;
  options: readonly Option[];
  /** Adds an empty first option, meaning "none" (or "not chosen yet"). */
  placeholder?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  autoComplete?: string;
}

/** A lookup list's entries (categories, events, positions...) as a select's options: the id is the value. */
export function lookupOptions(items: readonly { id: number; name: string }[]): Option[] {
  return items.map((item) => ({ value: String(item.id), label: item.name }));
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
  const { id, error, value, describedBy } = useFieldState(field, hint);
  return (
    <LabelledField id={id} label={label} required={required} hint={hint} error={error}>
      <select
        {...props}
        id={id}
        value={textOf(value)}
        autoComplete={autoComplete}
        disabled={disabled}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={inputClass}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </LabelledField>
  );
}

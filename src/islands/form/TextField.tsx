import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, ReactElement, ReactNode } from 'react';
import { type FieldBinding, inputClass, LabelledField, textOf, useFieldState } from './fieldParts';

export interface TextFieldProps extends FieldBinding {
  label: string;
  type?: HTMLInputTypeAttribute;
  autoComplete?: HTMLInputAutoCompleteAttribute;
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  /** Extra controls inside the input's box (e.g. show/hide password). */
  trailing?: ReactNode;
}

/** A labelled text input bound to a modular-forms field, with its hint and its validation message under it. */
export function TextField({
  field,
  props,
  label,
  type = 'text',
  autoComplete,
  inputMode,
  hint,
  required = false,
  disabled = false,
  trailing,
}: TextFieldProps): ReactElement {
  const { id, error, value, describedBy } = useFieldState(field, hint);
  return (
    <LabelledField id={id} label={label} required={required} hint={hint} error={error}>
      <div className="relative">
        <input
          {...props}
          id={id}
          type={type}
          value={textOf(value)}
          autoComplete={autoComplete}
          inputMode={inputMode}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass}${trailing ? ' pr-20' : ''}`}
        />
        {trailing}
      </div>
    </LabelledField>
  );
}

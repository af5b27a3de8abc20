import { useSignals } from '@preact/signals-react/runtime';
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, ReactElement, ReactNode } from 'react';
import {
  type AnyFieldProps,
  type AnyFieldStore,
  describedBy,
  FieldLabel,
  FieldMessages,
  fieldId,
  inputClass,
} from './fieldParts';

export interface TextFieldProps {
  field: AnyFieldStore;
  props: AnyFieldProps;
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

/**
 * A labelled text input bound to a modular-forms field, with its hint and its
 * validation message under it. Reads the field's signals, hence useSignals().
 */
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
  useSignals();
  const id = fieldId(String(field.name));
  const error = field.error.value;
  const value = field.value.value;
  return (
    <div>
      <FieldLabel id={id} label={label} required={required} />
      <div className="relative">
        <input
          {...props}
          id={id}
          type={type}
          value={typeof value === 'string' ? value : ''}
          autoComplete={autoComplete}
          inputMode={inputMode}
          required={required}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={`${inputClass}${trailing ? ' pr-20' : ''}`}
        />
        {trailing}
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

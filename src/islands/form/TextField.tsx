import type { FieldElementProps, FieldStore, FieldValues } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { HTMLInputAutoCompleteAttribute, HTMLInputTypeAttribute, ReactElement, ReactNode } from 'react';

/** Classes shared by the form controls (here in a .tsx file, where UnoCSS looks for them). */
export const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink placeholder:text-gray-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-600 disabled:bg-gray-100';
export const labelClass = 'mb-1 block text-sm font-semibold text-ink';
export const hintClass = 'mt-1 text-xs text-ink-muted';
export const errorClass = 'mt-1 text-sm text-red-700';

// biome-ignore lint/suspicious/noExplicitAny: the field's form is whatever form renders it.
type AnyFieldStore = FieldStore<any, any>;
// biome-ignore lint/suspicious/noExplicitAny: as above.
type AnyFieldProps = FieldElementProps<any, any>;

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
  const id = `field-${String(field.name).replace(/\W+/g, '-')}`;
  const error = field.error.value;
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const value = field.value.value;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required ? null : <span className="font-normal text-ink-muted"> (optional)</span>}
      </label>
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
          aria-describedby={described || undefined}
          className={`${inputClass}${trailing ? ' pr-20' : ''}`}
        />
        {trailing}
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={hintClass}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type { FieldValues };

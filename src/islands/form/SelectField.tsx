import type { FieldElementProps, FieldStore } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement } from 'react';
import { errorClass, inputClass, labelClass } from './TextField';

interface Props {
  // biome-ignore lint/suspicious/noExplicitAny: the field's form is whatever form renders it.
  field: FieldStore<any, any>;
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  props: FieldElementProps<any, any>;
  label: string;
  options: readonly string[];
  placeholder: string;
  autoComplete?: string;
}

/** A labelled select bound to a modular-forms field; the empty option means "none". */
export function SelectField({
  field,
  props,
  label,
  options,
  placeholder,
  autoComplete,
}: Props): ReactElement {
  useSignals();
  const id = `field-${String(field.name).replace(/\W+/g, '-')}`;
  const error = field.error.value;
  const value = field.value.value;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        <span className="font-normal text-ink-muted"> (optional)</span>
      </label>
      <select
        {...props}
        id={id}
        value={typeof value === 'string' ? value : ''}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={inputClass}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className={errorClass}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

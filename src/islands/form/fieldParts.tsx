import type { FieldElementProps, FieldStore } from '@modular-forms/react';
import type { ReactElement, ReactNode } from 'react';

/** Classes shared by the form controls (here in a .tsx file, where UnoCSS looks for them). */
export const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink placeholder:text-gray-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-600 disabled:bg-gray-100';
export const labelClass = 'mb-1 block text-sm font-semibold text-ink';
export const hintClass = 'mt-1 text-xs text-ink-muted';
export const errorClass = 'mt-1 text-sm text-red-700';

// biome-ignore lint/suspicious/noExplicitAny: the field's form is whatever form renders it.
export type AnyFieldStore = FieldStore<any, any>;
// biome-ignore lint/suspicious/noExplicitAny: as above.
export type AnyFieldProps = FieldElementProps<any, any>;

/** One choice of a select or a radio group. */
export interface Option {
  value: string;
  label: string;
  description?: string;
}

/** The id of a field's input ('address.city' → field-address-city); other code focuses inputs by it. */
export const fieldId = (name: string): string => `field-${name.replace(/\W+/g, '-')}`;

/** The ids of the hint and the error under a field, for its aria-describedby. */
export function describedBy(id: string, hint: ReactNode, error: string): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

/** A field's label; a field that may stay empty says so. */
export function FieldLabel({
  id,
  label,
  required,
}: {
  id: string;
  label: string;
  required: boolean;
}): ReactElement {
  return (
    <label htmlFor={id} className={labelClass}>
      {label}
      {required ? null : <span className="font-normal text-ink-muted"> (optional)</span>}
    </label>
  );
}

/** The hint and the validation message under a field, with the ids describedBy names. */
export function FieldMessages({
  id,
  hint,
  error,
}: {
  id: string;
  hint?: ReactNode;
  error: string;
}): ReactElement {
  return (
    <>
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
    </>
  );
}

import type { FieldElementProps, FieldStore } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement, ReactNode } from 'react';
import { m } from '~/lib/i18n';

/** Classes shared by the form controls (here in a .tsx file, where UnoCSS looks for them). */
export const inputClass =
  'block w-full rounded-md border border-gray-300 bg-white px-3 py-2 text-base text-ink placeholder:text-gray-400 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-red-600 disabled:bg-gray-100';
export const labelClass = 'mb-1 block text-sm font-semibold text-ink';
export const hintClass = 'mt-1 text-xs text-ink-muted';
export const errorClass = 'mt-1 text-sm text-red-700';

// biome-ignore lint/suspicious/noExplicitAny: the field's form is whatever form renders it.
export type AnyFieldStore = FieldStore<any, any>;

/** What `<Field>` hands its render function: the field's signals and its input's props. */
export interface FieldBinding {
  field: AnyFieldStore;
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  props: FieldElementProps<any, any>;
}

/** One choice of a select or a radio group. */
export interface Option {
  value: string;
  label: string;
  description?: string;
}

/** The id of a field's input ('address.city' → field-address-city); other code focuses inputs by it. */
export const fieldId = (name: string): string => `field-${name.replace(/\W+/g, '-')}`;

interface FieldState {
  id: string;
  error: string;
  value: unknown;
  /** The ids of the hint and the error under the field, for its aria-describedby. */
  describedBy: string | undefined;
}

/**
 * A field's id, message and value, read from its signals: call it first in
 * the component, as it subscribes the component to them (useSignals).
 */
export function useFieldState(field: AnyFieldStore, hint?: ReactNode): FieldState {
  useSignals();
  const id = fieldId(String(field.name));
  const error = field.error.value;
  const describedBy =
    [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return { id, error, value: field.value.value, describedBy };
}

/** A text value of a field, '' for none. */
export const textOf = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * "(optional)" after the label or legend of something that may stay empty, in the page's language:
 * the one place it is written. A label's own text never says it, so no label says it twice.
 */
export function OptionalMark(): ReactElement {
  return <span className="font-normal text-ink-muted"> {m.donation_optional()}</span>;
}

/** A field's label; a field that may stay empty says so. */
function FieldLabel({ id, label, required }: { id: string; label: string; required: boolean }): ReactElement {
  return (
    <label htmlFor={id} className={labelClass}>
      {label}
      {required ? null : <OptionalMark />}
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

interface LabelledFieldProps {
  id: string;
  label: string;
  required: boolean;
  hint?: ReactNode;
  error: string;
  /** The control, and anything that goes between it and the messages. */
  children: ReactNode;
}

/** A control with its label above it and its hint and message under it. */
export function LabelledField({
  id,
  label,
  required,
  hint,
  error,
  children,
}: LabelledFieldProps): ReactElement {
  return (
    <div>
      <FieldLabel id={id} label={label} required={required} />
      {children}
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

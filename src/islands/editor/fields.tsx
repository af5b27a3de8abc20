import type { FieldElementProps, FieldStore } from '@modular-forms/react';
import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement, ReactNode } from 'react';
import { errorClass, hintClass, inputClass, labelClass } from '~/islands/form/TextField';

/**
 * Inputs of the campaign editor bound to modular-forms fields (TextField is
 * in src/islands/form). Each reads its field's signals, hence useSignals().
 */

// biome-ignore lint/suspicious/noExplicitAny: the field's form is whatever form renders it.
type AnyField = FieldStore<any, any>;
// biome-ignore lint/suspicious/noExplicitAny: as above.
type AnyProps = FieldElementProps<any, any>;

export interface Option {
  value: string;
  label: string;
  description?: string;
}

/** The id of a field's input, as TextField makes it ('address.city' → field-address-city). */
export const fieldId = (name: string): string => `field-${name.replace(/\W+/g, '-')}`;

function describedBy(id: string, hint: ReactNode, error: string): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
}

function Optional({ required }: { required: boolean }): ReactElement | null {
  return required ? null : <span className="font-normal text-ink-muted"> (optional)</span>;
}

function HintAndError({ id, hint, error }: { id: string; hint?: ReactNode; error: string }): ReactElement {
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

interface SelectProps {
  field: AnyField;
  props: AnyProps;
  label: string;
  options: readonly Option[];
  placeholder?: string;
  hint?: ReactNode;
  required?: boolean;
  disabled?: boolean;
}

/** A labelled select; `placeholder` adds an empty first option. */
export function ChoiceField({
  field,
  props,
  label,
  options,
  placeholder,
  hint,
  required = false,
  disabled = false,
}: SelectProps): ReactElement {
  useSignals();
  const id = fieldId(String(field.name));
  const error = field.error.value;
  const value = field.value.value;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        <Optional required={required} />
      </label>
      <select
        {...props}
        id={id}
        value={typeof value === 'string' ? value : ''}
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
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

interface TextAreaProps {
  field: AnyField;
  props: AnyProps;
  label: string;
  hint?: ReactNode;
  maxLength: number;
  rows?: number;
}

/** A labelled textarea with a character count. */
export function TextAreaField({
  field,
  props,
  label,
  hint,
  maxLength,
  rows = 4,
}: TextAreaProps): ReactElement {
  useSignals();
  const id = fieldId(String(field.name));
  const error = field.error.value;
  const value = typeof field.value.value === 'string' ? field.value.value : '';
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        <Optional required={false} />
      </label>
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
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

interface RadioProps {
  field: AnyField;
  props: AnyProps;
  legend: string;
  options: readonly Option[];
  hint?: ReactNode;
  /** Side by side (short labels) or stacked cards with descriptions. */
  layout?: 'inline' | 'cards';
}

/** A fieldset of radio buttons; arrow keys move between them (native radio behaviour). */
export function RadioField({
  field,
  props,
  legend,
  options,
  hint,
  layout = 'inline',
}: RadioProps): ReactElement {
  useSignals();
  const id = fieldId(String(field.name));
  const error = field.error.value;
  const value = field.value.value;
  return (
    <fieldset aria-describedby={describedBy(id, hint, error)} aria-invalid={error ? true : undefined}>
      <legend className={labelClass}>{legend}</legend>
      <div className={layout === 'cards' ? 'grid gap-2 sm:grid-cols-3' : 'flex flex-wrap gap-2'}>
        {options.map((option, index) => (
          <label
            key={option.value}
            className={`flex cursor-pointer gap-2 rounded-md border px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand-light has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40 ${
              layout === 'cards' ? 'items-start' : 'items-center'
            } border-gray-300`}
          >
            <input
              {...props}
              id={index === 0 ? id : undefined}
              type="radio"
              value={option.value}
              checked={value === option.value}
              className="mt-1 h-4 w-4 accent-brand"
            />
            <span>
              <span className="block font-semibold text-ink">{option.label}</span>
              {option.description ? (
                <span className="block text-xs text-ink-muted">{option.description}</span>
              ) : null}
            </span>
          </label>
        ))}
      </div>
      <HintAndError id={id} hint={hint} error={error} />
    </fieldset>
  );
}

interface CheckboxProps {
  field: AnyField;
  props: AnyProps;
  label: string;
  hint?: ReactNode;
}

export function CheckboxField({ field, props, label, hint }: CheckboxProps): ReactElement {
  useSignals();
  const id = fieldId(String(field.name));
  const error = field.error.value;
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...props}
          id={id}
          type="checkbox"
          checked={field.value.value === true}
          aria-describedby={describedBy(id, hint, error)}
          className="mt-1 h-4 w-4 accent-brand"
        />
        <label htmlFor={id} className="font-semibold text-ink">
          {label}
        </label>
      </div>
      <div className="pl-7">
        <HintAndError id={id} hint={hint} error={error} />
      </div>
    </div>
  );
}

interface AmountProps {
  field: AnyField;
  props: AnyProps;
  label: string;
  /** 'R' or 'US $'. */
  symbol: string;
  hint?: ReactNode;
  required?: boolean;
}

/** An amount with the currency symbol in front (SPEC §9: rand or US dollar). */
export function AmountField({
  field,
  props,
  label,
  symbol,
  hint,
  required = false,
}: AmountProps): ReactElement {
  useSignals();
  const id = fieldId(String(field.name));
  const error = field.error.value;
  const value = field.value.value;
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
        <Optional required={required} />
      </label>
      <div className="flex">
        <span className="inline-flex items-center rounded-l-md border border-r-0 border-gray-300 bg-gray-50 px-3 text-ink-muted">
          {symbol}
        </span>
        <input
          {...props}
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={typeof value === 'string' ? value : ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, hint, error)}
          className={`${inputClass} rounded-l-none`}
        />
      </div>
      <HintAndError id={id} hint={hint} error={error} />
    </div>
  );
}

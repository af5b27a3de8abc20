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
  /** 'R' or 'US $'. */
  symbol: string;
  hint?: ReactNode;
  required?: boolean;
}

/** An amount with the currency symbol in front (SPEC §9: rand or US dollar). */
export function AmountField({ field, props, label, symbol, hint, required = false }: Props): ReactElement {
  useSignals();
  const id = fieldId(String(field.name));
  const error = field.error.value;
  const value = field.value.value;
  return (
    <div>
      <FieldLabel id={id} label={label} required={required} />
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
      <FieldMessages id={id} hint={hint} error={error} />
    </div>
  );
}

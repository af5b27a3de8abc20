import type { ReactElement, ReactNode } from 'react';
import { type FieldBinding, inputClass, LabelledField, textOf, useFieldState } from './fieldParts';

interface Props extends FieldBinding {
  label: string;
  /** 'R' or 'US $'. */
  symbol: string;
  hint?: ReactNode;
  required?: boolean;
}

/** An amount with the currency symbol in front (SPEC §9: rand or US dollar). */
export function AmountField({ field, props, label, symbol, hint, required = false }: Props): ReactElement {
  const { id, error, value, describedBy } = useFieldState(field, hint);
  return (
    <LabelledField id={id} label={label} required={required} hint={hint} error={error}>
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
          value={textOf(value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={`${inputClass} rounded-l-none`}
        />
      </div>
    </LabelledField>
  );
}

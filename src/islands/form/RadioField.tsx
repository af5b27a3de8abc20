import type { ReactElement, ReactNode } from 'react';
import { type FieldBinding, FieldMessages, labelClass, type Option, useFieldState } from './fieldParts';

interface Props extends FieldBinding {
  legend: string;
  options: readonly Option[];
  hint?: ReactNode;
  /** Side by side (short labels) or stacked cards with descriptions. */
  layout?: 'inline' | 'cards';
}

/** A fieldset of radio buttons; arrow keys move between them (native radio behaviour). */
export function RadioField({ field, props, legend, options, hint, layout = 'inline' }: Props): ReactElement {
  const { id, error, value, describedBy } = useFieldState(field, hint);
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
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
      <FieldMessages id={id} hint={hint} error={error} />
    </fieldset>
  );
}

import type { ReactElement, ReactNode } from 'react';
import { type FieldBinding, FieldMessages, useFieldState } from './fieldParts';

interface Props extends FieldBinding {
  label: string;
  hint?: ReactNode;
}

/** A checkbox with its label beside it, bound to a boolean modular-forms field. */
export function CheckboxField({ field, props, label, hint }: Props): ReactElement {
  const { id, error, value, describedBy } = useFieldState(field, hint);
  return (
    <div>
      <div className="flex items-start gap-3">
        <input
          {...props}
          id={id}
          type="checkbox"
          checked={value === true}
          aria-describedby={describedBy}
          className="mt-1 h-4 w-4 accent-brand"
        />
        <label htmlFor={id} className="font-semibold text-ink">
          {label}
        </label>
      </div>
      <div className="pl-7">
        <FieldMessages id={id} hint={hint} error={error} />
      </div>
    </div>
  );
}

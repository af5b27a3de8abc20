import { useSignals } from '@preact/signals-react/runtime';
import type { ReactElement, ReactNode } from 'react';
import { type AnyFieldProps, type AnyFieldStore, describedBy, FieldMessages, fieldId } from './fieldParts';

interface Props {
  field: AnyFieldStore;
  props: AnyFieldProps;
  label: string;
  hint?: ReactNode;
}

/** A checkbox with its label beside it, bound to a boolean modular-forms field. */
export function CheckboxField({ field, props, label, hint }: Props): ReactElement {
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
        <FieldMessages id={id} hint={hint} error={error} />
      </div>
    </div>
  );
}

import type { ReactElement } from 'react';
import { type FieldBinding, FieldMessages, labelClass, useFieldState } from '~/islands/form/fieldParts';
import type { IdName } from '~/lib/api/organisations';

interface Props extends FieldBinding {
  sectors: readonly IdName[];
  hint: string;
}

/** The organisation's sectors: a group of checkboxes bound to one `string[]` field. */
export function SectorsField({ field, props, sectors, hint }: Props): ReactElement {
  const { id, error, value, describedBy } = useFieldState(field, hint);
  const chosen = Array.isArray(value) ? (value as string[]) : [];
  return (
    <fieldset aria-describedby={describedBy} aria-invalid={error ? true : undefined}>
      <legend className={labelClass}>Sectors</legend>
      {sectors.length === 0 ? <p className="text-sm text-ink-muted">Loading sectors…</p> : null}
      <div className="grid gap-2 sm:grid-cols-2">
        {sectors.map((sector, index) => (
          <label
            key={sector.id}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-gray-300 px-3 py-2 has-[:checked]:border-brand has-[:checked]:bg-brand-light has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand/40"
          >
            <input
              {...props}
              id={index === 0 ? id : undefined}
              type="checkbox"
              value={String(sector.id)}
              checked={chosen.includes(String(sector.id))}
              className="h-4 w-4 accent-brand"
            />
            <span className="text-ink">{sector.name}</span>
          </label>
        ))}
      </div>
      <FieldMessages id={id} hint={hint} error={error} />
    </fieldset>
  );
}

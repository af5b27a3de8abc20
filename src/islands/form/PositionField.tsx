import type { ReactElement } from 'react';
import type { IdName } from '~/lib/contracts/lookups';
import type { FieldBinding } from './fieldParts';
import { lookupOptions, SelectField } from './SelectField';

/** A person's optional position in an organisation (the positions lookup), 'No position' when none. */
export function PositionField({
  field,
  props,
  positions,
}: FieldBinding & { positions: readonly IdName[] }): ReactElement {
  return (
    <SelectField
      field={field}
      props={props}
      label="Position"
      placeholder="No position"
      options={lookupOptions(positions)}
    />
  );
}

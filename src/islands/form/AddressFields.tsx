import { Field, type FormStore } from '@modular-forms/react';
import type { HTMLInputAutoCompleteAttribute, ReactElement } from 'react';
import { SA_PROVINCES } from '~/lib/provinces';
import { OptionalMark } from './fieldParts';
import { SelectField } from './SelectField';
import { TextField } from './TextField';

interface Props {
  // biome-ignore lint/suspicious/noExplicitAny: any form with an `address` group of these fields.
  of: FormStore<any, any>;
  legend: string;
  /** The whole address may stay empty: the legend says "(optional)". */
  optional?: boolean;
  /** 'place': city and province only (where a campaign is); 'postal': the whole postal address. */
  kind?: 'place' | 'postal';
}

const PROVINCE_OPTIONS = SA_PROVINCES.map((p) => ({ value: p, label: p }));

function AddressLine({
  of,
  name,
  label,
  autoComplete,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: as above.
  of: FormStore<any, any>;
  name: string;
  label: string;
  autoComplete: HTMLInputAutoCompleteAttribute;
}): ReactElement {
  return (
    <Field of={of} name={`address.${name}`}>
      {(field, props) => <TextField field={field} props={props} label={label} autoComplete={autoComplete} />}
    </Field>
  );
}

/** The optional `address.*` inputs in a fieldset of two columns; a place is not a postal address, so the browser offers none there. */
export function AddressFields({ of, legend, optional = false, kind = 'postal' }: Props): ReactElement {
  const postal = kind === 'postal';
  return (
    <fieldset className="grid gap-5 rounded-lg border border-gray-200 p-4 sm:grid-cols-2">
      <legend className="px-1 text-sm font-semibold text-ink">
        {legend}
        {optional ? <OptionalMark /> : null}
      </legend>
      {postal ? (
        <>
          <AddressLine of={of} name="addressLine1" label="Address line 1" autoComplete="address-line1" />
          <AddressLine of={of} name="addressLine2" label="Address line 2" autoComplete="address-line2" />
        </>
      ) : null}
      <AddressLine
        of={of}
        name="city"
        label="City or town"
        autoComplete={postal ? 'address-level2' : 'off'}
      />
      <Field of={of} name="address.province">
        {(field, props) => (
          <SelectField
            field={field}
            props={props}
            label="Province"
            placeholder="Choose a province"
            options={PROVINCE_OPTIONS}
          />
        )}
      </Field>
      {postal ? (
        <>
          <AddressLine of={of} name="zip" label="Postal code" autoComplete="postal-code" />
          <AddressLine of={of} name="country" label="Country" autoComplete="country-name" />
        </>
      ) : null}
    </fieldset>
  );
}

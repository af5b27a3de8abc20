import { Field } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { PhoneField } from '~/islands/form/PhoneField';
import { SelectField } from '~/islands/form/SelectField';
import { TextField } from '~/islands/form/TextField';
import type { IdName } from '~/lib/api/organisations';
import { SA_PROVINCES } from '~/lib/provinces';
import type { OrganisationFormStore } from './organisationValues';

interface Props {
  form: OrganisationFormStore;
  positions: readonly IdName[];
}

/** Step 3: the address, how to reach the organisation, and its main contact person. */
export function ContactStep({ form, positions }: Props): ReactElement {
  return (
    <div className="space-y-6">
      <fieldset className="grid gap-5 rounded-lg border border-gray-200 p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-ink">Address</legend>
        <Field of={form} name="address.addressLine1">
          {(field, props) => (
            <TextField field={field} props={props} label="Address line 1" autoComplete="address-line1" />
          )}
        </Field>
        <Field of={form} name="address.addressLine2">
          {(field, props) => (
            <TextField field={field} props={props} label="Address line 2" autoComplete="address-line2" />
          )}
        </Field>
        <Field of={form} name="address.city">
          {(field, props) => (
            <TextField field={field} props={props} label="City or town" autoComplete="address-level2" />
          )}
        </Field>
        <Field of={form} name="address.province">
          {(field, props) => (
            <SelectField
              field={field}
              props={props}
              label="Province"
              placeholder="Choose a province"
              options={SA_PROVINCES.map((p) => ({ value: p, label: p }))}
            />
          )}
        </Field>
        <Field of={form} name="address.zip">
          {(field, props) => (
            <TextField field={field} props={props} label="Postal code" autoComplete="postal-code" />
          )}
        </Field>
        <Field of={form} name="address.country">
          {(field, props) => (
            <TextField field={field} props={props} label="Country" autoComplete="country-name" />
          )}
        </Field>
      </fieldset>

      <div className="grid gap-5 sm:grid-cols-2">
        <Field of={form} name="telephone">
          {(field, props) => (
            <TextField
              field={field}
              props={props}
              label="Telephone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
            />
          )}
        </Field>
        <Field of={form} name="organisationEmail">
          {(field, props) => (
            <TextField
              field={field}
              props={props}
              label="Organisation email"
              type="email"
              inputMode="email"
              autoComplete="email"
            />
          )}
        </Field>
      </div>

      <fieldset className="grid gap-5 rounded-lg border border-gray-200 p-4 sm:grid-cols-2">
        <legend className="px-1 text-sm font-semibold text-ink">Main contact person</legend>
        <Field of={form} name="mainContactPerson.firstName">
          {(field, props) => (
            <TextField field={field} props={props} label="First name" autoComplete="given-name" required />
          )}
        </Field>
        <Field of={form} name="mainContactPerson.lastName">
          {(field, props) => (
            <TextField field={field} props={props} label="Surname" autoComplete="family-name" required />
          )}
        </Field>
        <Field of={form} name="mainContactPerson.email">
          {(field, props) => (
            <TextField
              field={field}
              props={props}
              label="Contact email"
              type="email"
              inputMode="email"
              autoComplete="email"
              required
            />
          )}
        </Field>
        <Field of={form} name="mainContactPerson.phone">
          {(field, props) => <PhoneField field={field} props={props} />}
        </Field>
        <Field of={form} name="mainContactPerson.positionId">
          {(field, props) => (
            <SelectField
              field={field}
              props={props}
              label="Position"
              placeholder="No position"
              options={positions.map((p) => ({ value: String(p.id), label: p.name }))}
            />
          )}
        </Field>
      </fieldset>
    </div>
  );
}

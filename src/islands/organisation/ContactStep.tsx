import { Field } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { AddressFields } from '~/islands/form/AddressFields';
import { PhoneField } from '~/islands/form/PhoneField';
import { PositionField } from '~/islands/form/PositionField';
import { TextField } from '~/islands/form/TextField';
import type { IdName } from '~/lib/api/organisations';
import type { OrganisationFormStore } from './organisationValues';

interface Props {
  form: OrganisationFormStore;
  positions: readonly IdName[];
}

/** Step 3: the address, how to reach the organisation, and its main contact person. */
export function ContactStep({ form, positions }: Props): ReactElement {
  return (
    <div className="space-y-6">
      <AddressFields of={form} legend="Address" />

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
          {(field, props) => <PositionField field={field} props={props} positions={positions} />}
        </Field>
      </fieldset>
    </div>
  );
}

import { Field } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { AddressFields } from '~/islands/form/AddressFields';
import { ContactField } from '~/islands/form/ContactField';
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
        <PhoneField of={form} name="telephone" label="Telephone" hint={null} />
        <ContactField of={form} name="organisationEmail" kind="email" label="Organisation email" />
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
        <ContactField of={form} name="mainContactPerson.email" kind="email" label="Contact email" required />
        <PhoneField of={form} name="mainContactPerson.phone" />
        <Field of={form} name="mainContactPerson.positionId">
          {(field, props) => <PositionField field={field} props={props} positions={positions} />}
        </Field>
      </fieldset>
    </div>
  );
}

import { Field } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { lookupOptions, SelectField } from '~/islands/form/SelectField';
import { TextField } from '~/islands/form/TextField';
import type { IdName } from '~/lib/api/organisations';
import { ORGANISATION_LIMITS } from '~/lib/schemas/organisation';
import type { OrganisationFormStore } from './organisationValues';
import { SectorsField } from './SectorsField';

interface Props {
  form: OrganisationFormStore;
  types: readonly IdName[];
  sectors: readonly IdName[];
}

/** Step 1: the organisation's names, type, sectors and keywords. */
export function DetailsStep({ form, types, sectors }: Props): ReactElement {
  return (
    <div className="space-y-5">
      <Field of={form} name="legalName">
        {(field, props) => (
          <TextField
            field={field}
            props={props}
            label="Legal name"
            autoComplete="organization"
            required
            hint="As registered, e.g. on your NPO or PBO certificate."
          />
        )}
      </Field>
      <Field of={form} name="otherName">
        {(field, props) => (
          <TextField
            field={field}
            props={props}
            label="Other name"
            autoComplete="off"
            hint="A name people know you by, if it differs."
          />
        )}
      </Field>
      <Field of={form} name="organizationTypeId">
        {(field, props) => (
          <SelectField
            field={field}
            props={props}
            label="Type of organisation"
            required
            placeholder={types.length === 0 ? 'Loading types…' : 'Choose a type'}
            options={lookupOptions(types)}
          />
        )}
      </Field>
      <Field of={form} name="organizationSectors" type="string[]">
        {(field, props) => (
          <SectorsField
            field={field}
            props={props}
            sectors={sectors}
            hint={`The fields you work in: choose ${ORGANISATION_LIMITS.sectorsMin} to ${ORGANISATION_LIMITS.sectorsMax}.`}
          />
        )}
      </Field>
      <Field of={form} name="keywordsDescription">
        {(field, props) => (
          <TextField
            field={field}
            props={props}
            label="Keywords"
            autoComplete="off"
            hint="Words people might search for, separated by commas, e.g. literacy, early childhood."
          />
        )}
      </Field>
    </div>
  );
}

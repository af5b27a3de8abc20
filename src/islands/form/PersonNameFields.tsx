import { Field, type FormStore } from '@modular-forms/react';
import type { ReactElement } from 'react';
import { m } from '~/lib/i18n';
import { TextField } from './TextField';

interface Props {
  // biome-ignore lint/suspicious/noExplicitAny: any form with `firstName` and `lastName` fields.
  of: FormStore<any, any>;
  lastNameLabel?: 'Last name' | 'Surname';
  /** False for someone else's name (a team invitation), so the browser does not offer the user's own. */
  ownName?: boolean;
}

/** The required `firstName` and `lastName` fields, side by side in the caller's grid. */
export function PersonNameFields({ of, lastNameLabel = 'Last name', ownName = true }: Props): ReactElement {
  return (
    <>
      <Field of={of} name="firstName">
        {(field, props) => (
          <TextField
            field={field}
            props={props}
            label={m.donation_field_first_name()}
            autoComplete={ownName ? 'given-name' : 'off'}
            required
          />
        )}
      </Field>
      <Field of={of} name="lastName">
        {(field, props) => (
          <TextField
            field={field}
            props={props}
            label={lastNameLabel === 'Surname' ? m.donation_field_surname() : m.donation_field_last_name()}
            autoComplete={ownName ? 'family-name' : 'off'}
            required
          />
        )}
      </Field>
    </>
  );
}

import { Field, type FormStore } from '@modular-forms/react';
import type { ReactElement, ReactNode } from 'react';
import { m } from '~/lib/i18n';
import { TextField } from './TextField';

interface Props {
  // biome-ignore lint/suspicious/noExplicitAny: any form with an `email` field.
  of: FormStore<any, any>;
  hint?: ReactNode;
  /** 'off' for someone else's address, so the browser does not offer the user's own. */
  autoComplete?: 'email' | 'off';
}

/** The form's required `email` field. */
export function EmailField({ of, hint, autoComplete = 'email' }: Props): ReactElement {
  return (
    <Field of={of} name="email">
      {(field, props) => (
        <TextField
          field={field}
          props={props}
          label={m.donation_field_email()}
          type="email"
          inputMode="email"
          autoComplete={autoComplete}
          hint={hint}
          required
        />
      )}
    </Field>
  );
}

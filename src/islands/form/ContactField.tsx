import { Field, type FormStore } from '@modular-forms/react';
import type { ReactElement, ReactNode } from 'react';
import { m } from '~/lib/i18n';
import { TextField } from './TextField';

/** How one reaches someone: an email address or a phone number. */
export type ContactKind = 'email' | 'tel';

const DEFAULT_LABELS: Record<ContactKind, () => string> = {
  email: () => m.donation_field_email(),
  tel: () => m.donation_field_mobile(),
};

export interface ContactFieldProps {
  // biome-ignore lint/suspicious/noExplicitAny: any form with a field of this name.
  of: FormStore<any, any>;
  /** The field's path ('email', 'mobileNumber', 'mainContactPerson.phone'). */
  name: string;
  kind: ContactKind;
  /** 'Email' or 'Mobile number' unless told ('Contact email', 'Telephone'). */
  label?: string;
  hint?: ReactNode;
  required?: boolean;
  /** 'off' for someone else's address or number, so the browser does not offer the user's own. */
  autoComplete?: 'on' | 'off';
}

/**
 * An email or phone input of a form: its keyboard on touch screens (inputMode), and the browser's
 * autofill of the user's own address or number unless it is someone else's. The rules are the
 * form's schema's (lib/schemas: emailSchema, phoneRule).
 */
export function ContactField({
  of,
  name,
  kind,
  label,
  hint,
  required = false,
  autoComplete = 'on',
}: ContactFieldProps): ReactElement {
  return (
    <Field of={of} name={name}>
      {(field, props) => (
        <TextField
          field={field}
          props={props}
          label={label ?? DEFAULT_LABELS[kind]()}
          type={kind}
          inputMode={kind}
          autoComplete={autoComplete === 'off' ? 'off' : kind}
          hint={hint}
          required={required}
        />
      )}
    </Field>
  );
}

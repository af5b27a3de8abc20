import type { ReactElement, ReactNode } from 'react';
import { m } from '~/lib/i18n';
import type { FieldBinding } from './fieldParts';
import { TextField } from './TextField';

interface Props extends FieldBinding {
  hint?: ReactNode;
  required?: boolean;
  /** 'off' for someone else's number, so the browser does not offer the user's own. */
  autoComplete?: 'tel' | 'off';
}

/** A mobile number (SPEC §5: South African or international), with the phone keypad on touch screens. */
export function PhoneField({
  field,
  props,
  hint,
  required = false,
  autoComplete = 'tel',
}: Props): ReactElement {
  return (
    <TextField
      field={field}
      props={props}
      label={m.donation_field_mobile()}
      type="tel"
      inputMode="tel"
      autoComplete={autoComplete}
      hint={hint}
      required={required}
    />
  );
}

import type { ReactElement } from 'react';
import { m } from '~/lib/i18n';
import { ContactField, type ContactFieldProps } from './ContactField';

/**
 * A phone number (SPEC §5's phone rule, lib/schemas/phone.ts: South African, or any country's
 * with its code), with the phone keypad on touch screens and an example under it (`hint={null}`: none).
 */
export function PhoneField({ hint, ...props }: Omit<ContactFieldProps, 'kind'>): ReactElement {
  return <ContactField {...props} kind="tel" hint={hint === undefined ? m.auth_phone_hint() : hint} />;
}

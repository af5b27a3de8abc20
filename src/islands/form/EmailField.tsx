import type { ReactElement } from 'react';
import { ContactField, type ContactFieldProps } from './ContactField';

/** The form's required `email` field. */
export function EmailField(props: Pick<ContactFieldProps, 'of' | 'hint' | 'autoComplete'>): ReactElement {
  return <ContactField {...props} name="email" kind="email" required />;
}

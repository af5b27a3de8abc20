import { Field, type FormStore } from '@modular-forms/react';
import { type ReactElement, type ReactNode, useState } from 'react';
import { m } from '~/lib/i18n';
import { TextField } from './TextField';

interface Props {
  // biome-ignore lint/suspicious/noExplicitAny: any form with a `password` field.
  of: FormStore<any, any>;
  label?: string;
  /** 'current-password' to log in; 'new-password' lets the browser suggest a strong one. */
  autoComplete: 'current-password' | 'new-password';
  hint?: ReactNode;
}

/**
 * The form's required `password` field with a Show/Hide toggle; the toggle's
 * name says what it will do ("Show password").
 */
export function PasswordField({ of, label, autoComplete, hint }: Props): ReactElement {
  const [visible, setVisible] = useState(false);
  return (
    <Field of={of} name="password">
      {(field, props) => (
        <TextField
          field={field}
          props={props}
          label={label ?? m.auth_password_label()}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          hint={hint}
          required
          trailing={
            <button
              type="button"
              className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-3 text-sm font-semibold text-brand hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-brand"
              onClick={() => setVisible((v) => !v)}
            >
              {visible ? m.auth_password_hide() : m.auth_password_show()}
              <span className="sr-only"> {m.auth_password_toggle_target()}</span>
            </button>
          }
        />
      )}
    </Field>
  );
}

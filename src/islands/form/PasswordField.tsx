import { type ReactElement, useState } from 'react';
import { TextField, type TextFieldProps } from './TextField';

/** A password input with a Show/Hide toggle; the toggle's name says what it will do ("Show password"). */
export function PasswordField(props: Omit<TextFieldProps, 'type' | 'trailing'>): ReactElement {
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className="absolute inset-y-0 right-0 flex items-center rounded-r-md px-3 text-sm font-semibold text-brand hover:text-brand-dark focus-visible:outline-2 focus-visible:outline-brand"
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
          <span className="sr-only"> password</span>
        </button>
      }
    />
  );
}

import { Field, type FormStore } from '@modular-forms/react';
import { Fragment, type ReactElement, type ReactNode } from 'react';
import { TextField } from '~/islands/form/TextField';
import { m } from '~/lib/i18n';

/**
 * The account forms' own fields (login, sign-up, forgot password), labelled in the page's language
 * (issue 27). The shared EmailField, PersonNameFields and PhoneField of src/islands/form label in
 * English; these are the same fields with the account area's words.
 */

interface FormProps {
  // biome-ignore lint/suspicious/noExplicitAny: any form with the fields below.
  of: FormStore<any, any>;
}

/** The form's required `email` field. */
export function AccountEmailField({ of }: FormProps): ReactElement {
  return (
    <Field of={of} name="email">
      {(field, props) => (
        <TextField
          field={field}
          props={props}
          label={m.auth_email_label()}
          type="email"
          inputMode="email"
          autoComplete="email"
          required
        />
      )}
    </Field>
  );
}

/** The required `firstName` and `lastName` fields of one's own account, side by side in the caller's grid. */
export function AccountNameFields({ of }: FormProps): ReactElement {
  return (
    <>
      <Field of={of} name="firstName">
        {(field, props) => (
          <TextField
            field={field}
            props={props}
            label={m.auth_first_name_label()}
            autoComplete="given-name"
            required
          />
        )}
      </Field>
      <Field of={of} name="lastName">
        {(field, props) => (
          <TextField
            field={field}
            props={props}
            label={m.auth_last_name_label()}
            autoComplete="family-name"
            required
          />
        )}
      </Field>
    </>
  );
}

/** The optional `phone` field with its example. */
export function AccountPhoneField({ of }: FormProps): ReactElement {
  return (
    <Field of={of} name="phone">
      {(field, props) => (
        <TextField
          field={field}
          props={props}
          label={m.auth_mobile_label()}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={m.auth_phone_hint()}
        />
      )}
    </Field>
  );
}

// A character no message contains: marks where a part goes in a sentence.
const MARK = '\u0000';

/**
 * A translated sentence with elements in it: `message` gets a mark for each part (its parameters),
 * and the parts replace the marks in the order of `parts`, wherever the language puts them.
 */
export function withParts<K extends string>(
  message: (params: Record<K, string>) => string,
  parts: Record<K, ReactNode>,
): ReactNode {
  const names = Object.keys(parts) as K[];
  const params = Object.fromEntries(names.map((name, index) => [name, `${MARK}${index}${MARK}`])) as Record<
    K,
    string
  >;
  const out: ReactNode[] = [];
  // Text and parts alternate: text, part number, text, part number, text.
  let isPart = false;
  let at = 0;
  for (const piece of message(params).split(MARK)) {
    if (isPart) {
      const name = names[Number(piece)];
      if (name !== undefined) out.push(<Fragment key={`part-${at}`}>{parts[name]}</Fragment>);
    } else if (piece !== '') {
      out.push(piece);
    }
    at += piece.length + 1;
    isPart = !isPart;
  }
  return out;
}

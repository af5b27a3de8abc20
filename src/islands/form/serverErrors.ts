import { type FieldValues, type FormStore, setError } from '@modular-forms/react';
import { failureBodyOf } from '~/lib/api/storeErrors';

/** Puts the server's per-field messages (a 400's `data`) under the matching fields of the form. */
export function showServerFieldErrors<T extends FieldValues>(
  form: FormStore<T, undefined>,
  error: unknown,
  fields: readonly string[],
): void {
  const data = failureBodyOf(error).data ?? {};
  for (const [name, messages] of Object.entries(data)) {
    const message = messages[0];
    if (message && fields.includes(name)) {
      // biome-ignore lint/suspicious/noExplicitAny: the name was checked against the form's fields above.
      setError(form, name as any, message, { shouldFocus: false });
    }
  }
}

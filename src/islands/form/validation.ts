import { type FieldValues, type FormStore, setError } from '@modular-forms/react';
import * as v from 'valibot';

// biome-ignore lint/suspicious/noExplicitAny: any valibot schema, whatever its input and output.
type AnySchema = v.GenericSchema<any, any>;

/**
 * The first message per field (dot path) of `input` against a shared schema,
 * keeping only the paths in `fields` when given: modular-forms counts every
 * returned error, so one for a value that has no input would block the form for good.
 */
export function schemaErrors(
  schema: AnySchema,
  input: unknown,
  fields?: readonly string[],
): Record<string, string> {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  const errors: Record<string, string> = {};
  for (const issue of result.issues ?? []) {
    const path = v.getDotPath(issue);
    if (!path || (fields && !fields.includes(path))) continue;
    errors[path] ??= issue.message;
  }
  return errors;
}

interface ServerErrorOptions {
  /** Taken off nested names (`bankingDetails.` for `bankingDetails.accountNumber`). */
  prefix?: string;
  /** Put the keyboard on the first field with a message (true unless told). */
  shouldFocus?: boolean;
}

/**
 * The server's field errors (a 400's `data`) under the inputs of a form; only
 * `fields` the form has are set. Answers whether any was set.
 */
export function applyServerErrors<T extends FieldValues>(
  form: FormStore<T, undefined>,
  fieldErrors: Record<string, string[]> | null | undefined,
  fields: readonly string[],
  { prefix = '', shouldFocus = true }: ServerErrorOptions = {},
): boolean {
  let applied = false;
  for (const [path, messages] of Object.entries(fieldErrors ?? {})) {
    const name = prefix && path.startsWith(prefix) ? path.slice(prefix.length) : path;
    const message = messages[0];
    if (!message || !fields.includes(name)) continue;
    // biome-ignore lint/suspicious/noExplicitAny: the name was checked against the form's fields above.
    setError(form, name as any, message, { shouldFocus: shouldFocus && !applied });
    applied = true;
  }
  return applied;
}

import * as v from 'valibot';
import { badRequest, type FieldErrors } from './errors';

/**
 * Parses untrusted input with a shared schema (src/lib/schemas). On failure it
 * throws a 400 whose `data` maps each field to its messages (SPEC §5 word for
 * word) and whose meta message is the first of them, for the toast.
 */
export function parseInput<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const fieldErrors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? 'body';
    fieldErrors[field] = [...(fieldErrors[field] ?? []), issue.message];
  }
  throw badRequest(result.issues[0]?.message ?? 'One or more validation errors have occured', fieldErrors);
}

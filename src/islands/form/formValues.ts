/**
 * Between a form's values and the multipart form of the contract, for any
 * form: input paths, messages moved to the inputs, the body itself. Pure.
 */

/**
 * Every input's path in these values ('name', 'address.city', 'videos.0'):
 * a list is an input per entry and a group an input per key, except the
 * `whole` keys, each one input (a list of checkboxes).
 */
export function fieldPathsOf(values: object, whole: readonly string[] = []): string[] {
  return Object.entries(values).flatMap(([key, value]) => {
    if (whole.includes(key)) return [key];
    if (Array.isArray(value)) return value.map((_, i) => `${key}.${i}`);
    if (value && typeof value === 'object') return Object.keys(value).map((inner) => `${key}.${inner}`);
    return [key];
  });
}

/** The first message of each path of a 400's `data`. */
export function firstMessages(
  data: Record<string, readonly string[]> | null | undefined,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, messages] of Object.entries(data ?? {})) {
    const message = messages[0];
    if (message) errors[path] = message;
  }
  return errors;
}

/** Messages moved from the contract's paths to the form's; the first one stays where two meet. */
export function errorsAtFormPaths(
  errors: Record<string, string>,
  formPathOf: (path: string) => string,
): Record<string, string> {
  const moved: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) moved[formPathOf(path)] ??= message;
  return moved;
}

/** A multipart body: the `json` fields as JSON text, the others as text (null as ''); undefined left out. */
export function multipartOf(fields: Record<string, unknown>, json: readonly string[]): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (json.includes(key)) form.append(key, JSON.stringify(value));
    else form.append(key, value === null ? '' : String(value));
  }
  return form;
}

/** A new record is sent without its empty texts (the server's defaults apply); an edit sends '' to clear. */
export function dropEmptyTexts(fields: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(fields)) if (value === '') delete fields[key];
}

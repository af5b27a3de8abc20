import type * as v from 'valibot';
import { isStorableDate } from '~/lib/dates';

/**
 * What a schema's accepted output must respect, read from the schema itself, so a new field
 * or schema is checked without a list to keep: every `maxLength` a field declares holds for
 * the value it outputs (after any transform), every field with a `trim` outputs trimmed text,
 * an object outputs only its declared keys on a plain prototype, and nothing anywhere is a
 * non-finite number or a date the database does not store (lib/dates isStorableDate).
 */

interface Node {
  kind?: string;
  type?: string;
  pipe?: readonly Node[];
  wrapped?: Node;
  entries?: Record<string, Node>;
  item?: Node;
  options?: readonly Node[];
  requirement?: unknown;
}

const WRAPPERS = new Set([
  'optional',
  'nullable',
  'nullish',
  'non_optional',
  'non_nullable',
  'non_nullish',
  'exact_optional',
  'undefinedable',
]);
const OBJECTS = new Set(['object', 'loose_object', 'strict_object']);

export function isSchema(value: unknown): value is v.GenericSchema {
  return (
    value !== null &&
    typeof value === 'object' &&
    (value as Node).kind === 'schema' &&
    typeof (value as { '~run'?: unknown })['~run'] === 'function'
  );
}

/**
 * Paths whose schema is `unknown` or `any`: the schema passes them through on purpose and the
 * service decides (e.g. a donation PATCH's `status`, compared with the one value it takes).
 */
function passThroughPaths(schema: Node, path: string, into = new Set<string>()): Set<string> {
  const root = schema.pipe?.[0] ?? schema;
  if (root !== schema) return passThroughPaths(root, path, into);
  if (schema.type === 'unknown' || schema.type === 'any') into.add(path);
  else if (schema.type && WRAPPERS.has(schema.type) && schema.wrapped)
    passThroughPaths(schema.wrapped, path, into);
  else if (schema.type && OBJECTS.has(schema.type) && schema.entries)
    for (const [key, entry] of Object.entries(schema.entries))
      passThroughPaths(entry, `${path}.${key}`, into);
  return into;
}

/** Problems anywhere in the output, whatever the schema: NaN, ±Infinity, dates not storable. */
function valueProblems(
  value: unknown,
  path: string,
  skip: ReadonlySet<string>,
  seen = new Set<unknown>(),
): string[] {
  if (skip.has(path)) return [];
  if (typeof value === 'number' && !Number.isFinite(value)) return [`${path}: ${value}`];
  if (value instanceof Date)
    return isStorableDate(value) ? [] : [`${path}: date ${value.toISOString?.() ?? value}`];
  if (value === null || typeof value !== 'object' || seen.has(value)) return [];
  seen.add(value);
  return Object.entries(value).flatMap(([key, item]) => valueProblems(item, `${path}.${key}`, skip, seen));
}

/** The checks a pipe's actions declare about the value it outputs. */
function pipeProblems(actions: readonly Node[], out: unknown, path: string): string[] {
  const problems: string[] = [];
  for (const action of actions) {
    if (action.type === 'max_length' && (typeof out === 'string' || Array.isArray(out))) {
      const max = action.requirement as number;
      if (out.length > max) problems.push(`${path}: length ${out.length} > declared maxLength ${max}`);
    }
    if (action.type === 'trim' && typeof out === 'string' && out !== out.trim())
      problems.push(`${path}: not trimmed (${JSON.stringify(out.slice(0, 20))}…)`);
  }
  return problems;
}

/** Problems of `out`, the accepted output of `schema` at `path`. */
function fieldProblems(schema: Node, out: unknown, path: string): string[] {
  const actions = schema.pipe?.slice(1) ?? [];
  const problems = pipeProblems(actions, out, path);
  // A pipe's transforms change the value's shape: below a transform, the schema no longer describes `out`.
  if (actions.some((action) => action.type === 'transform')) return problems;
  const root = schema.pipe?.[0] ?? schema;
  if (root !== schema) return [...problems, ...fieldProblems(root, out, path)];
  if (schema.type && WRAPPERS.has(schema.type) && schema.wrapped) {
    return out === undefined || out === null
      ? problems
      : [...problems, ...fieldProblems(schema.wrapped, out, path)];
  }
  if (schema.type && OBJECTS.has(schema.type) && schema.entries && out !== null && typeof out === 'object') {
    const proto = Object.getPrototypeOf(out);
    if (proto !== Object.prototype && proto !== null)
      problems.push(`${path}: output object has a foreign prototype`);
    if (schema.type === 'object') {
      for (const key of Object.keys(out))
        if (!(key in schema.entries)) problems.push(`${path}: undeclared key ${JSON.stringify(key)} kept`);
    }
    for (const [key, entry] of Object.entries(schema.entries))
      problems.push(...fieldProblems(entry, (out as Record<string, unknown>)[key], `${path}.${key}`));
    return problems;
  }
  if (schema.type === 'array' && schema.item && Array.isArray(out)) {
    const item = schema.item;
    return [
      ...problems,
      ...out.flatMap((element, index) => fieldProblems(item, element, `${path}[${index}]`)),
    ];
  }
  if (schema.type === 'union' && schema.options) {
    // Fine when any one option describes the output.
    const perOption = schema.options.map((option) => fieldProblems(option, out, path));
    return perOption.some((list) => list.length === 0) ? problems : [...problems, ...(perOption[0] ?? [])];
  }
  return problems;
}

/** Every way `out`, which `schema` accepted, breaks a limit the schema declares or the database needs. */
export function acceptedOutputProblems(schema: v.GenericSchema, out: unknown): string[] {
  const node = schema as unknown as Node;
  return [...fieldProblems(node, out, '$'), ...valueProblems(out, '$', passThroughPaths(node, '$'))];
}

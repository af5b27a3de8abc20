import fc from 'fast-check';

/**
 * fast-check arbitraries for input nobody should send: what a fuzzer, a broken client or an
 * attacker puts where a form value goes. Shared by the schema and endpoint property tests
 * (tests/unit/hostile) and the HTTP hostile-input test (tests/api/hostile-input.test.ts).
 *
 * The most useful of them is `nearlyValid`: a valid example with ONE field (at any depth)
 * replaced, removed or joined by a stranger. A wholly random object is refused by the first
 * rule it meets; a nearly valid one reaches the rules, services and queries behind it.
 */

/** Characters that break naive code: NUL and other controls, line separators, bidi and zero-width marks, a BOM. */
export const CONTROL_CHARACTERS = [
  '\0',
  '\u0001',
  '\u0007',
  '\b',
  '\t',
  '\n',
  '\r',
  '\u000b',
  '\u001b',
  '\u007f',
  '\u0085',
  '\u2028',
  '\u2029',
] as const;
export const INVISIBLE_CHARACTERS = [
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u202e',
  '\u202d',
  '\u200f',
  '\u061c',
  '\u00a0',
  '\u3000',
] as const;
/** Half a UTF-16 pair: not a character at all, and invalid once encoded as UTF-8. */
export const LONE_SURROGATES = ['\ud800', '\udbff', '\udc00', '\udfff'] as const;

export const SQL_LIKE = [
  "' OR '1'='1",
  "'; DROP TABLE users; --",
  '%',
  '_',
  '\\',
  "\\'",
  '$1',
  "E'\\x00'",
  '%%%%',
  '1) OR (1=1',
  'null',
  'NULL',
  'undefined',
  '(select 1)',
] as const;

export const PATH_LIKE = [
  '../../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '/etc/passwd',
  'file:///etc/passwd',
  '%2e%2e%2f%2e%2e%2f',
  '....//....//',
  'C:\\',
  '~',
  '.',
  '..',
  'a/b',
  'CON',
  '%00',
  '%',
  '%zz',
] as const;

/** Ids that are not what a route expects: no uuid, a uuid dressed up, or a uuid of nothing. */
export const NOT_UUIDS = [
  '',
  ' ',
  '0',
  '-1',
  '1',
  '2147483648',
  '99999999999999999999',
  'null',
  'undefined',
  'true',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '{3f1c2b9e-7a4d-4c1e-9f0a-2b3c4d5e6f70}',
  '3f1c2b9e-7a4d-4c1e-9f0a-2b3c4d5e6f70x',
  '3F1C2B9E-7A4D-4C1E-9F0A-2B3C4D5E6F70',
  ' 3f1c2b9e-7a4d-4c1e-9f0a-2b3c4d5e6f70 ',
  'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz',
  '3f1c2b9e7a4d4c1e9f0a2b3c4d5e6f70',
  'a'.repeat(300),
] as const;

/** Dates at and past the ends of what a calendar, JavaScript or PostgreSQL can hold. */
export const FAR_DATES = [
  '+275760-09-13T00:00:00.000Z',
  '-271821-04-20T00:00:00.000Z',
  '0000-01-01',
  '0001-01-01T00:00:00Z',
  '1899-12-31',
  '9999-12-31T23:59:59Z',
  '10000-01-01',
  '2026-02-30',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31T10:00:00Z',
  '2026-03-01T25:61:00Z',
  '1970-01-01T00:00:00Z',
  '-000001-01-01T00:00:00Z',
  'Tue, 31 Dec 275760 00:00:00 GMT',
  '1e10',
  'today',
] as const;

export const HOSTILE_NUMBERS = [
  0,
  -0,
  -1,
  0.1 + 0.2,
  1e-7,
  0.005,
  19.999,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  1e21,
  1e308,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
] as const;

/** Numbers as text, the way a form or query string sends them, and text that only looks like one. */
export const NUMERIC_STRINGS = [
  '1e3',
  '1e400',
  '-1e400',
  '0x10',
  '0b11',
  ' 12 ',
  '1_000',
  '1,000.50',
  'Infinity',
  '-Infinity',
  'NaN',
  '-0',
  '00012',
  '12abc',
  '٣',
  '１２',
  '.5',
  '5.',
  '+5',
  '9'.repeat(400),
] as const;

/** Keys that mean something to JavaScript objects: a body carrying them must not change any object's prototype. */
export const PROTOTYPE_KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  'valueOf',
];

const pick = <T>(values: readonly T[]): fc.Arbitrary<T> => fc.constantFrom(...values);

/** One character of the nasty sort, or any UTF-16 code unit at all. */
export const nastyCharacter: fc.Arbitrary<string> = fc.oneof(
  pick(CONTROL_CHARACTERS),
  pick(INVISIBLE_CHARACTERS),
  pick(LONE_SURROGATES),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
);

/** Short text full of nasty characters between ordinary ones. */
export const nastyString: fc.Arbitrary<string> = fc
  .array(fc.oneof(nastyCharacter, fc.string({ maxLength: 6 })), { maxLength: 16 })
  .map((parts) => parts.join(''));

/** Text with a NUL somewhere: PostgreSQL refuses it in any text column. */
export const nulString: fc.Arbitrary<string> = fc
  .tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }))
  .map(([before, after]) => `${before}\0${after}`);

/** Ordinary text padded with whitespace, including the Unicode spaces trim() also removes. */
export const paddedString: fc.Arbitrary<string> = fc
  .tuple(pick([' ', '\t', '\n', '\u00a0', '\u3000', '\ufeff', '  \r\n']), fc.string({ maxLength: 10 }))
  .map(([pad, text]) => `${pad}${text}${pad}`);

/**
 * `min`–`max` characters (10 000 to 1 000 000 unless told), one repeated unit: letters,
 * spaces, accents, emoji (two code units each), markup or a zero-width space.
 */
export function longString(min = 10_000, max = 1_000_000): fc.Arbitrary<string> {
  return fc
    .tuple(fc.integer({ min, max }), pick(['a', ' ', 'é', '😀', '<b>', '\u200b', '9', '-']))
    .map(([length, unit]) => unit.repeat(Math.max(1, Math.ceil(length / unit.length))).slice(0, length));
}

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  pick(HOSTILE_NUMBERS),
  fc.double(),
  fc.integer(),
  fc.integer({ min: -(2 ** 40), max: 2 ** 40 }),
);

export const numericString: fc.Arbitrary<string> = fc.oneof(pick(NUMERIC_STRINGS), hostileNumber.map(String));

export const farDate: fc.Arbitrary<string> = pick(FAR_DATES);
export const notUuid: fc.Arbitrary<string> = pick(NOT_UUIDS);
export const sqlLike: fc.Arbitrary<string> = pick(SQL_LIKE);
export const pathLike: fc.Arbitrary<string> = pick(PATH_LIKE);

/** An object with a prototype key of its own, as JSON.parse makes one (`{"__proto__": …}` is an own key there). */
export const prototypeObject: fc.Arbitrary<Record<string, unknown>> = fc
  .tuple(pick(PROTOTYPE_KEYS), fc.jsonValue({ maxDepth: 2 }))
  .map(([key, value]) => JSON.parse(`{${JSON.stringify(key)}: ${JSON.stringify(value) ?? 'null'}}`));

/** Objects nested `depth` deep: a body's shape nobody validates by hand. */
export function nestedObject(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 === 0 ? { a: value } : [value];
  return value;
}

/** Any scalar a hostile client might put in a field, text or not. */
export const hostileScalar: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nulString,
  paddedString,
  hostileNumber,
  numericString,
  farDate,
  notUuid,
  sqlLike,
  pathLike,
  pick([null, true, false, '', 'true', 'false', 'on', '0', '1']),
);

/**
 * Any value at all where one field goes: the scalars above, a long string, JSON of any shape,
 * a list where one value goes, an object nested deep, or one with a prototype key.
 * `maxLongString` bounds the long strings (endpoint tests keep bodies near their 64 KB limit).
 */
export function hostileValue(maxLongString = 1_000_000): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: hostileScalar },
    { weight: 1, arbitrary: longString(Math.min(10_000, maxLongString), maxLongString) },
    { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
    { weight: 1, arbitrary: fc.array(hostileScalar, { minLength: 1, maxLength: 4 }) },
    { weight: 1, arbitrary: fc.integer({ min: 2, max: 200 }).map(nestedObject) },
    { weight: 1, arbitrary: prototypeObject },
  );
}

type Path = readonly (string | number)[];

/** Every path into `value` (object keys and array indexes, at any depth), the root excluded. */
export function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (Array.isArray(value)) {
    return value.flatMap((item, index) => [[...prefix, index], ...pathsOf(item, [...prefix, index])]);
  }
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    return Object.entries(value).flatMap(([key, item]) => [
      [...prefix, key],
      ...pathsOf(item, [...prefix, key]),
    ]);
  }
  return [];
}

const REMOVE = Symbol('remove');

/** A deep copy of `value` with the thing at `path` replaced (or removed, for REMOVE). */
function withAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && replacement === REMOVE) copy.splice(Number(head), 1);
    else copy[Number(head)] = withAt(copy[Number(head)], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === REMOVE) delete copy[String(head)];
  else copy[String(head)] = withAt(copy[String(head)], rest, replacement);
  return copy;
}

/** One change to a valid example: which path, and what became of it (for the failure report). */
export interface Mutation {
  path: string;
  change: 'replaced' | 'removed' | 'added';
  value: unknown;
}

/**
 * A valid example with one field, at any depth, replaced by a hostile value or removed, or
 * with one stranger key added (a prototype key among them). `values` is what replaces a field.
 */
export function nearlyValid<T>(
  example: T,
  values: fc.Arbitrary<unknown> = hostileValue(),
): fc.Arbitrary<{ input: unknown; mutation: Mutation }> {
  const paths = pathsOf(example);
  const added = fc
    .tuple(fc.oneof(pick(PROTOTYPE_KEYS), fc.string({ maxLength: 8 })), values)
    .map(([key, value]) => {
      // defineProperty makes `__proto__` an own key, as JSON.parse does, instead of setting the prototype.
      const input =
        example !== null && typeof example === 'object' && !Array.isArray(example)
          ? Object.defineProperty({ ...example }, key, {
              value,
              enumerable: true,
              writable: true,
              configurable: true,
            })
          : example;
      return { input, mutation: { path: key, change: 'added' as const, value } };
    });
  if (paths.length === 0)
    return fc.oneof(
      values.map((value) => ({ input: value, mutation: { path: '', change: 'replaced' as const, value } })),
      added,
    );
  const replaced = fc.tuple(pick(paths), values).map(([path, value]) => ({
    input: withAt(example, path, value),
    mutation: { path: path.join('.'), change: 'replaced' as const, value },
  }));
  const removed = pick(paths).map((path) => ({
    input: withAt(example, path, REMOVE),
    mutation: { path: path.join('.'), change: 'removed' as const, value: undefined },
  }));
  return fc.oneof(
    { weight: 6, arbitrary: replaced },
    { weight: 1, arbitrary: removed },
    { weight: 1, arbitrary: added },
  );
}

/**
 * Every field of a valid example (at any depth) replaced by each of `values` in turn: the
 * exhaustive, fixed counterpart of nearlyValid, so the known-dangerous values (±Infinity, NaN,
 * lone surrogates, NUL, far dates) are tried on every field of every run, not when chance picks them.
 */
export function* everyFieldReplaced<T>(
  example: T,
  values: readonly unknown[],
): Generator<{ input: unknown; mutation: Mutation }> {
  for (const path of pathsOf(example)) {
    for (const value of values) {
      yield {
        input: withAt(example, path, value),
        mutation: { path: path.join('.'), change: 'replaced', value },
      };
    }
  }
}

/** A short description of a value for a failure message: long strings cut, NULs and controls shown. */
export function describeValue(value: unknown): string {
  const text =
    typeof value === 'string'
      ? JSON.stringify(value.length > 80 ? `${value.slice(0, 60)}… (${value.length} chars)` : value)
      : (() => {
          try {
            const json = JSON.stringify(value);
            return json === undefined ? String(value) : json.length > 120 ? `${json.slice(0, 100)}…` : json;
          } catch {
            return String(value);
          }
        })();
  return text;
}

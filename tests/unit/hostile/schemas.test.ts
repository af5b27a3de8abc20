import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, describe, expect, it } from 'vitest';
import {
  CONTROL_CHARACTERS,
  describeValue,
  everyFieldReplaced,
  FAR_DATES,
  HOSTILE_NUMBERS,
  hostileValue,
  LONE_SURROGATES,
  NUMERIC_STRINGS,
  nearlyValid,
} from '../../support/hostileValues';
import { acceptedOutputProblems, isSchema } from './schemaLimits';
import { VALID_EXAMPLES } from './validExamples';

// Every schema every module of src/lib/schemas exports, found by reading the folder and the
// modules' exports: a new schema is fuzzed the day it is written. Factories that need no
// argument are called with their defaults ('name()'); the others are covered through the
// schemas built from them.
const SCHEMA_DIR = fileURLToPath(new URL('../../../src/lib/schemas/', import.meta.url));
const modules = readdirSync(SCHEMA_DIR).filter((file) => file.endsWith('.ts'));

const schemas = new Map<string, { module: string; schema: v.GenericSchema }>();
const seen = new Set<unknown>();
for (const file of modules) {
  const exports: Record<string, unknown> = await import(
    /* @vite-ignore */ `../../../src/lib/schemas/${file}`
  );
  for (const [name, value] of Object.entries(exports)) {
    const candidate = typeof value === 'function' && value.length === 0 ? (value as () => unknown)() : value;
    if (!isSchema(candidate) || seen.has(value)) continue;
    seen.add(value);
    const key = candidate === value ? name : `${name}()`;
    if (!schemas.has(key)) schemas.set(key, { module: file, schema: candidate });
  }
}

/** Values every field of every example meets on every run (the random search may miss them). */
const FIXED_HOSTILE_VALUES: readonly unknown[] = [
  ...HOSTILE_NUMBERS,
  ...NUMERIC_STRINGS,
  ...FAR_DATES,
  ...LONE_SURROGATES.map((half) => `a${half}b`),
  ...CONTROL_CHARACTERS.map((control) => `a${control}b`),
  null,
  true,
  [],
  {},
  'x'.repeat(100_000),
];

// Modest runs: about 200 inputs a schema keeps the file near 10 s on a shared machine.
const RUNS = 200;

/** safeParse on `input`: never a throw, and an accepted output within the schema's declared limits. */
function check(schema: v.GenericSchema, input: unknown): string[] {
  let result: ReturnType<typeof v.safeParse>;
  try {
    result = v.safeParse(schema, input);
  } catch (error) {
    return [`threw ${error instanceof Error ? error.message : String(error)}`];
  }
  return result.success ? acceptedOutputProblems(schema, result.output) : [];
}

afterAll(() => {
  // A `__proto__` key in a body must never reach Object.prototype.
  expect(Object.keys(Object.prototype)).toEqual([]);
});

describe('every exported schema', () => {
  it('is found, with a valid example for each one the forms and endpoints use', () => {
    expect(schemas.size).toBeGreaterThan(50);
    for (const name of Object.keys(VALID_EXAMPLES)) expect(schemas.has(name), `no schema ${name}`).toBe(true);
  });

  for (const [name, { module, schema }] of schemas) {
    describe(`${module} ${name}`, () => {
      const example = VALID_EXAMPLES[name];

      if (example !== undefined) {
        it('accepts its valid example within its limits', () => {
          const result = v.safeParse(schema, example);
          expect(result.issues?.map((i) => `${v.getDotPath(i)}: ${i.message}`) ?? []).toEqual([]);
          expect(check(schema, example)).toEqual([]);
        });

        it('survives each known-dangerous value in each field of the example', () => {
          const failures: string[] = [];
          for (const { input, mutation } of everyFieldReplaced(example, FIXED_HOSTILE_VALUES)) {
            const problems = check(schema, input);
            if (problems.length > 0)
              failures.push(`${mutation.path} = ${describeValue(mutation.value)}: ${problems.join('; ')}`);
          }
          expect(failures).toEqual([]);
        });

        it('survives the example with one field made hostile', () => {
          fc.assert(
            fc.property(nearlyValid(example, hostileValue(200_000)), ({ input, mutation }) => {
              const problems = check(schema, input);
              if (problems.length > 0)
                throw new Error(
                  `${mutation.change} ${mutation.path} = ${describeValue(mutation.value)}: ${problems.join('; ')}`,
                );
            }),
            { numRuns: RUNS },
          );
        });
      }

      it('survives wholly hostile input', () => {
        fc.assert(
          fc.property(hostileValue(200_000), (input) => {
            const problems = check(schema, input);
            if (problems.length > 0) throw new Error(`${describeValue(input)}: ${problems.join('; ')}`);
          }),
          { numRuns: example === undefined ? RUNS : Math.round(RUNS / 3) },
        );
      });
    });
  }
});

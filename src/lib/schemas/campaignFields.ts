import * as v from 'valibot';
import { isCalendarDay, isStorableDate, southAfricanEndOfDay, southAfricanStartOfDay } from '~/lib/dates';
import { isUuid } from '~/lib/ids';

/**
 * Field builders for the campaign forms. Values arrive typed from an island or
 * as text from a multipart form, so numbers, flags and dates accept both.
 * Convention: absent means "unchanged" (undefined), '' or null means "none" (null).
 */

// Digits, an optional sign and decimals: no spaces, hexadecimal, exponents or Infinity.
const DECIMAL = /^[+-]?\d+(?:\.\d+)?$/;

/**
 * A number written as a person writes one in a form (`12`, `-3`, `12.50`), else NaN: `Number()`
 * alone would also take `0x10`, `1e3`, ` 12 ` and `Infinity`.
 */
export const decimalNumber = (text: string): number => (DECIMAL.test(text) ? Number(text) : Number.NaN);

const toNumberOrNull = (value: string | number | null): number | null => {
  if (value === null) return null;
  if (typeof value === 'number') return value;
  return value === '' ? null : decimalNumber(value);
};

/**
 * A number, typed or as decimal text; '' and null give null; anything not a number (also
 * ` 12 `, `0x10`, `1e3`, `Infinity`) fails with `message`.
 */
export const nullableNumber = (message: string) =>
  v.pipe(
    v.nullable(v.union([v.number(message), v.string(message)], message)),
    v.transform(toNumberOrNull),
    v.check((n) => n === null || Number.isFinite(n), message),
  );

/** A whole number in [min, max], or null when empty; `message` for anything else. */
export const nullableInteger = (message: string, min: number, max: number) =>
  v.pipe(
    nullableNumber(message),
    v.check((n) => n === null || (Number.isInteger(n) && n >= min && n <= max), message),
  );

/** A whole number in [min, max] that must be given; `message` when empty or out of range. */
export const integerIn = (message: string, min: number, max: number) =>
  v.pipe(
    nullableInteger(message, min, max),
    v.check((n) => n !== null, message),
    v.transform((n) => n as number),
  );

const TRUE_TEXT = new Set(['true', '1', 'on', 'yes']);
const FALSE_TEXT = new Set(['false', '0', 'off', 'no', '']);

/** true/false, typed or as form text ('true', 'false', 'on', '1', '0', ''). */
export const flag = (message: string) =>
  v.pipe(
    v.union([v.boolean(message), v.string(message)], message),
    v.check(
      (value) =>
        typeof value === 'boolean' ||
        TRUE_TEXT.has(value.trim().toLowerCase()) ||
        FALSE_TEXT.has(value.trim().toLowerCase()),
      message,
    ),
    v.transform((value) => (typeof value === 'boolean' ? value : TRUE_TEXT.has(value.trim().toLowerCase()))),
  );

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LEADING_DAY = /^(\d{4}-\d{2}-\d{2})(?:T|$)/;

/**
 * A moment, as an ISO 8601 string or a Date; '' and null give null. A bare
 * date (2026-03-01) is read in South African time: the start of that day, or
 * with `endOfDay` its last second, so "ends on the 1st" includes the 1st.
 * A day that does not exist (2026-02-30) or a year outside 1900–9999 fails
 * with `message` rather than being moved or reaching the database.
 */
export const nullableDate = (message: string, options: { endOfDay?: boolean } = {}) =>
  v.pipe(
    v.nullable(v.union([v.string(message), v.date(message)], message)),
    v.transform((value): Date | null => {
      if (value === null || value instanceof Date) return value;
      const text = value.trim();
      if (text === '') return null;
      const day = LEADING_DAY.exec(text)?.[1];
      if (day !== undefined && !isCalendarDay(day)) return new Date(Number.NaN);
      if (DATE_ONLY.test(text)) {
        return options.endOfDay ? southAfricanEndOfDay(text) : southAfricanStartOfDay(text);
      }
      return new Date(text);
    }),
    v.check((date) => date === null || isStorableDate(date), message),
  );

/** Optional free text, trimmed; '' and null give null; longer than `max` fails with `tooLong`. */
export const nullableText = (max: number, tooLong: string, notText = tooLong) =>
  v.pipe(
    v.nullable(v.string(notText)),
    v.transform((value) => value?.trim() ?? ''),
    v.maxLength(max, tooLong),
    v.transform((value): string | null => (value === '' ? null : value)),
  );

/** A required UUID; `message` when missing or malformed. */
export const uuidField = (message: string) =>
  v.optional(
    v.pipe(
      v.string(message),
      v.trim(),
      v.check(isUuid, message),
      v.transform((id) => id.toLowerCase()),
    ),
    '',
  );

/** A UUID or nothing ('' and null give null). */
export const nullableUuid = (message: string) =>
  v.pipe(
    v.nullable(v.string(message)),
    v.transform((value) => value?.trim() ?? ''),
    v.check((value) => value === '' || isUuid(value), message),
    v.transform((value): string | null => (value === '' ? null : value.toLowerCase())),
  );

/**
 * One message per field: each field's rules stop at the first that fails
 * ('lots' is not a number; it is not also "more than 0"). Applies to every
 * pipe inside the schema.
 */
export const oneMessagePerField = <S extends v.GenericSchema>(schema: S): S =>
  v.config(schema, { abortPipeEarly: true }) as S;

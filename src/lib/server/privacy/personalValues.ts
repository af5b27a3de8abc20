/**
 * A user's own values (names, email, phone, address, ID numbers), and how to take them out of
 * text and JSON that must stay (gateway payloads, audit entries, campaign texts).
 */
export interface PersonalValues {
  /** Long enough to name the user wherever they appear inside a longer text. Lower-case. */
  distinctive: string[];
  /** Only the user's when a whole value equals them (a first name, a city). Lower-case. */
  exact: string[];
}

/** Shorter values (a postal code, a short phone extension) name nobody inside a longer text. */
const DISTINCTIVE_LENGTH = 6;

const clean = (values: readonly (string | null | undefined)[]): string[] =>
  values.map((value) => value?.trim().toLowerCase() ?? '').filter((value) => value !== '');

/**
 * `distinctive`: values that name the user inside any text (email, phone, full name, street
 * address, ID number); `exact`: values that are theirs only as a whole (a first name alone
 * would also blank every 'Thandiwe' when looking for 'Thandi').
 */
export function personalValuesOf(input: {
  distinctive: readonly (string | null | undefined)[];
  exact: readonly (string | null | undefined)[];
}): PersonalValues {
  const distinctive = clean(input.distinctive).filter((value) => value.length >= DISTINCTIVE_LENGTH);
  const exact = [...clean(input.distinctive), ...clean(input.exact)];
  return { distinctive: [...new Set(distinctive)], exact: [...new Set(exact)] };
}

/** True when `text` is one of the values or holds a distinctive one. */
export function namesUser(text: string, values: PersonalValues): boolean {
  const lower = text.trim().toLowerCase();
  if (lower === '') return false;
  return values.exact.includes(lower) || values.distinctive.some((value) => lower.includes(value));
}

const REMOVED = '[removed]';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Free text with each distinctive value replaced by '[removed]' (the rest stays readable). */
export function scrubText(text: string, values: PersonalValues): string {
  if (values.exact.includes(text.trim().toLowerCase())) return REMOVED;
  return values.distinctive.reduce(
    (result, value) => result.replace(new RegExp(escapeRegExp(value), 'gi'), REMOVED),
    text,
  );
}

/** The same text, or null when there was none. */
export function scrubNullableText(text: string | null, values: PersonalValues): string | null {
  return text === null ? null : scrubText(text, values);
}

/**
 * A copy of a JSON value with every string that names the user blanked (''), and every value under
 * a key in `blankKeys` blanked too (a client address in the user's own audit entries).
 */
export function scrubJson(
  value: unknown,
  values: PersonalValues,
  blankKeys: readonly string[] = [],
): unknown {
  if (typeof value === 'string') return namesUser(value, values) ? '' : value;
  if (Array.isArray(value)) return value.map((item) => scrubJson(item, values, blankKeys));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        blankKeys.includes(key) && typeof item === 'string' ? '' : scrubJson(item, values, blankKeys),
      ]),
    );
  }
  return value;
}

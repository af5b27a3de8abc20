import * as v from 'valibot';

/**
 * The characters no text a person typed may carry into a mail subject, a PDF, a share card or a
 * page: control characters, bidi overrides and isolates (U+202A–202E, U+2066–2069), which reorder
 * what a reader sees, and zero-width characters (U+200B–200D, U+2060, U+FEFF), which hide inside
 * names. Person names refuse them already (their letters-only rule); every other single-line text
 * (campaign and organisation names, display names, references, account holders…) asks this rule.
 * A multi-line text (a story, a comment, an update) keeps its line breaks and tabs and may join
 * emoji (U+200D), but refuses the other controls and the bidi overrides.
 */

// C0 and C1 controls, DEL included.
const CONTROL = '\\u0000-\\u001F\\u007F-\\u009F';
const BIDI = '\\u202A-\\u202E\\u2066-\\u2069';
const ZERO_WIDTH = '\\u200B-\\u200D\\u2060\\uFEFF';

const UNSAFE_SINGLE_LINE = new RegExp(`[${CONTROL}${BIDI}${ZERO_WIDTH}]`, 'u');
// Line feed, carriage return and tab stay; so do the zero-width joiners of emoji.
const UNSAFE_MULTI_LINE = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI}]`,
  'u',
);

/** Whether a single-line text carries a control, bidi-override or zero-width character. */
export const hasUnsafeSingleLineCharacters = (text: string): boolean => UNSAFE_SINGLE_LINE.test(text);

/** Whether a multi-line text carries a control (other than line breaks and tabs) or a bidi override. */
export const hasUnsafeMultiLineCharacters = (text: string): boolean => UNSAFE_MULTI_LINE.test(text);

/** The message for a single-line field, e.g. 'Campaign name cannot contain line breaks or hidden characters.' */
export const singleLineMessage = (label: string): string =>
  `${label} cannot contain line breaks or hidden characters.`;

/** The message for a multi-line field. */
export const multiLineMessage = (label: string): string =>
  `${label} cannot contain hidden control or text-direction characters.`;

/** A pipe step of these rules; its message may be a function, given at validation time. */
export type TextCheck<T extends string | null> = v.CheckAction<T, v.ErrorMessage<v.CheckIssue<T>>>;

/**
 * A pipe step: a single-line text (or null) without control, bidi-override or zero-width characters.
 * `message` gives the text at validation time (a translated form passes its own, issue 27).
 */
export const singleLine = <T extends string | null>(
  label: string,
  message: () => string = () => singleLineMessage(label),
): TextCheck<T> =>
  v.check<T, v.ErrorMessage<v.CheckIssue<T>>>(
    (text) => text === null || !hasUnsafeSingleLineCharacters(text),
    message,
  );

/** A pipe step: a multi-line text (or null) without controls other than line breaks, nor bidi overrides. */
export const multiLine = <T extends string | null>(
  label: string,
  message: () => string = () => multiLineMessage(label),
): TextCheck<T> =>
  v.check<T, v.ErrorMessage<v.CheckIssue<T>>>(
    (text) => text === null || !hasUnsafeMultiLineCharacters(text),
    message,
  );

/**
 * A text a person must write: trimmed, not empty (`required` is its message), at most `max`
 * characters (`tooLong`), and safe by `rule` (singleLine or multiLine).
 */
export const requiredText = (required: string, max: number, tooLong: string, rule: TextCheck<string>) =>
  v.pipe(v.string(required), v.trim(), v.nonEmpty(required), v.maxLength(max, tooLong), rule);

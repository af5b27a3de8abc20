import { type CountryCode, parsePhoneNumberFromString, validatePhoneNumberLength } from 'libphonenumber-js';
import * as v from 'valibot';
import { FIELD_LIMITS } from '~/lib/enums';
import { m } from '~/lib/i18n';

/**
 * SPEC §5's phone rule, the one every phone field asks (sign-up, profile, donors, team members,
 * an organisation's telephone and main contact): a number valid for one or more regions.
 *
 * The SPEC's default region is the US. This site is South African, so its default is ZA: a number
 * typed without a country code (082 123 4567, 011 …) is read as South African, and a US default would
 * refuse every local number. Donors and contacts abroad write their number with its country code
 * (+44 7911 123456, +1 202 …), which is accepted when it is valid for that country
 * (docs/api/forms.md). No server imports: the islands and the endpoints share it.
 */

/** The regions a number without a country code is read in, first to last: this site's. */
export const PHONE_REGIONS: readonly CountryCode[] = ['ZA'];

/**
 * Whether `value` is a valid phone number of one of `regions`: a national number is read as that
 * region's; an international one (+27…) counts only for the region it belongs to, unless `abroad`
 * also accepts any country's valid number written with its code.
 */
export function isValidPhone(
  value: string,
  regions: readonly CountryCode[] = PHONE_REGIONS,
  { abroad = false }: { abroad?: boolean } = {},
): boolean {
  const text = value.trim();
  if (text === '') return false;
  const inRegion = regions.some((region) => {
    const phone = parsePhoneNumberFromString(text, region);
    return phone?.isValid() === true && phone.country === region;
  });
  if (inRegion || !abroad || !text.startsWith('+')) return inRegion;
  return parsePhoneNumberFromString(text)?.isValid() === true;
}

/** Whether the number is too short for its region: it reads as unfinished rather than wrong. */
const isIncomplete = (text: string, region: CountryCode): boolean =>
  /^\+?[\d\s().-]+$/.test(text) && validatePhoneNumberLength(text, region) === 'TOO_SHORT';

/** The site's rule: South African, or any country's number written with its code. */
export const isSitePhone = (value: string): boolean => isValidPhone(value, PHONE_REGIONS, { abroad: true });

/** Why a number fails the site's rule, in the current language: unfinished, or not a number at all. */
export function phoneProblem(value: string): string {
  const [region = 'ZA'] = PHONE_REGIONS;
  return isIncomplete(value.trim(), region) ? m.auth_phone_incomplete() : m.auth_phone_invalid();
}

/**
 * The rule as a pipe of steps: an empty text passes (the field's own step says whether one is required),
 * any other must satisfy isSitePhone; the message says whether it is unfinished or wrong.
 */
export const phoneRule = () =>
  v.pipe(
    v.string(),
    // SPEC §5 and §9: 6 to 16 characters, 'Please complete mobile number'.
    v.check(
      (text) =>
        text === '' || (text.length >= FIELD_LIMITS.mobileMin && text.length <= FIELD_LIMITS.mobileMax),
      () => m.auth_phone_incomplete(),
    ),
    v.check(
      (text) => text === '' || isSitePhone(text),
      (issue) => phoneProblem(typeof issue.input === 'string' ? issue.input : ''),
    ),
  );

/** A phone number as typed, trimmed; null counts as empty. */
const phoneText = (message: () => string) =>
  v.pipe(
    v.nullable(v.string(message)),
    v.transform((value) => value?.trim() ?? ''),
  );

const optionalPhone = v.config(
  v.pipe(
    phoneText(() => m.auth_phone_invalid()),
    phoneRule(),
    v.transform((value): string | null => (value === '' ? null : value)),
  ),
  { abortPipeEarly: true },
);

/** An optional phone number: empty or null give null, and an absent key stays absent ("unchanged"). */
export const optionalPhoneSchema = v.optional(optionalPhone);

/** An optional phone number where absent also means none (null). */
export const optionalPhoneOrNullSchema = v.optional(optionalPhone, null);

/** A required phone number; a missing key is checked as '' so it gets `required`, the field's own message. */
export const requiredPhoneSchema = (required: () => string) =>
  v.optional(
    v.config(v.pipe(phoneText(required), v.nonEmpty(required), phoneRule()), { abortPipeEarly: true }),
    '',
  );

import { type CountryCode, parsePhoneNumberFromString } from 'libphonenumber-js';
import * as v from 'valibot';

/**
 * SPEC §5's phone rule: a number valid for one or more regions (default US).
 * No server imports: the donation island and the endpoints share it.
 */

export const PHONE_MESSAGE = 'Please enter a valid phone number.';

/**
 * Whether `value` is a valid phone number belonging to one of `regions`. A
 * national number is read as that region's; an international one (+27…)
 * counts only for the region it belongs to, so a South African number is not
 * valid for ['US'].
 */
export function isValidPhone(value: string, regions: readonly CountryCode[] = ['US']): boolean {
  const text = value.trim();
  if (text === '') return false;
  return regions.some((region) => {
    const phone = parsePhoneNumberFromString(text, region);
    return phone?.isValid() === true && phone.country === region;
  });
}

/**
 * A required phone number, trimmed, valid for at least one of `regions`. A
 * missing key is checked as '' so it gets this message, not valibot's generic one.
 */
export const phoneSchema = (regions: readonly CountryCode[] = ['US']) =>
  v.optional(
    v.config(
      v.pipe(
        v.string(PHONE_MESSAGE),
        v.trim(),
        v.check((value) => isValidPhone(value, regions), PHONE_MESSAGE),
      ),
      { abortPipeEarly: true },
    ),
    '',
  );

import * as v from 'valibot';
import { SA_PROVINCES, type SaProvince } from '~/lib/provinces';
import { firstNameSchema, lastNameSchema, phoneSchema } from './auth';
import { singleLine } from './textRules';

const ADDRESS_LIMITS = { line: 100, zip: 10, city: 60, country: 60 } as const;

/** Optional free text: trimmed, empty means none (null); absent means unchanged (undefined). */
const optionalText = (label: string, max: number) =>
  v.optional(
    v.pipe(
      v.nullable(v.string(`${label} must be text`)),
      v.transform((value) => value?.trim() ?? ''),
      v.maxLength(max, `${label} must be at most ${max} characters`),
      singleLine(label),
      v.transform((value): string | null => (value === '' ? null : value)),
    ),
  );

const provinceSchema = v.optional(
  v.pipe(
    v.nullable(v.string('Please select a province.')),
    v.transform((value) => value?.trim() ?? ''),
    v.check(
      (value) => value === '' || (SA_PROVINCES as readonly string[]).includes(value),
      'Please select a province.',
    ),
    v.transform((value) => (value === '' ? null : (value as SaProvince))),
  ),
);

export const addressSchema = v.object({
  addressLine1: optionalText('Address line 1', ADDRESS_LIMITS.line),
  addressLine2: optionalText('Address line 2', ADDRESS_LIMITS.line),
  zip: optionalText('Postal code', ADDRESS_LIMITS.zip),
  city: optionalText('City', ADDRESS_LIMITS.city),
  province: provinceSchema,
  country: optionalText('Country', ADDRESS_LIMITS.country),
});
export type AddressInput = v.InferOutput<typeof addressSchema>;

/**
 * `PATCH /users`: names are required; every other field that is sent replaces
 * the stored value ('' or null clears it) and a field left out stays as it is.
 */
export const updateProfileSchema = v.object({
  firstName: firstNameSchema,
  lastName: lastNameSchema,
  phone: phoneSchema,
  address: v.optional(addressSchema),
});
export type UpdateProfileInput = v.InferOutput<typeof updateProfileSchema>;

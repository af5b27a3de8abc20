import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { registerSchema } from '~/lib/schemas/auth';
import { teamMemberSchema } from '~/lib/schemas/campaignTeam';
import { recurringDonationSchema, singleDonationSchema } from '~/lib/schemas/donation';
import { registerOrganisationSchema } from '~/lib/schemas/organisation';
import {
  isSitePhone,
  isValidPhone,
  optionalPhoneOrNullSchema,
  optionalPhoneSchema,
  PHONE_REGIONS,
  requiredPhoneSchema,
} from '~/lib/schemas/phone';
import { updateProfileSchema } from '~/lib/schemas/profile';

// SPEC §5's phone rule, one rule for every phone field: valid for one or more regions; this site's
// region is ZA (not the SPEC's default US), and a number from abroad counts with its country code.

const INCOMPLETE = 'Please complete mobile number';
const INVALID = 'Please enter a valid mobile number.';

const messages = (schema: v.GenericSchema, input: unknown): string[] =>
  v.safeParse(schema, input).issues?.map((issue) => issue.message) ?? [];

describe('the phone rule', () => {
  it('reads a number without a country code as South African', () => {
    expect(PHONE_REGIONS[0]).toBe('ZA');
    for (const number of ['082 123 4567', '0821234567', '011 123 4567', '+27 82 123 4567']) {
      expect(isSitePhone(number)).toBe(true);
    }
    // A US number typed without its code is not a South African one.
    expect(isSitePhone('(201) 555-0123')).toBe(false);
  });

  it('takes a number from abroad written with its country code, when it is valid there', () => {
    expect(isSitePhone('+44 7911 123456')).toBe(true);
    expect(isSitePhone('+1 201 555 0123')).toBe(true);
    expect(isSitePhone('+44 12')).toBe(false);
  });

  it('keeps SPEC §5’s shape: valid for one of the regions asked, an international number for its own', () => {
    expect(isValidPhone('082 123 4567', ['US'])).toBe(false);
    expect(isValidPhone('082 123 4567', ['US', 'ZA'])).toBe(true);
    expect(isValidPhone('+27 82 123 4567', ['US'])).toBe(false);
    expect(isValidPhone('(201) 555-0123', ['US'])).toBe(true);
  });

  it('says an unfinished number is incomplete, and anything else that fails is not valid', () => {
    for (const number of ['0821', '12345', '+27 82', '1'.repeat(17)]) {
      expect(messages(optionalPhoneSchema, number)).toEqual([INCOMPLETE]);
    }
    for (const number of ['call me now', '099 999 9999 9', '+999 123 4567']) {
      expect(messages(optionalPhoneSchema, number)).toEqual([INVALID]);
    }
  });

  it('gives the trimmed number; an optional one gives null for empty, and keeps an absent key absent', () => {
    expect(v.parse(optionalPhoneSchema, ' 082 123 4567 ')).toBe('082 123 4567');
    expect(v.parse(optionalPhoneSchema, '')).toBeNull();
    expect(v.parse(v.object({ phone: optionalPhoneSchema }), {})).toEqual({});
    expect(v.parse(v.object({ phone: optionalPhoneOrNullSchema }), {})).toEqual({ phone: null });
  });

  it('a required number gives the field’s own message when empty or missing', () => {
    const required = requiredPhoneSchema(() => 'Please enter your mobile number.');
    for (const input of ['', '  ', null, undefined]) {
      expect(messages(required, input)).toEqual(['Please enter your mobile number.']);
    }
    expect(messages(required, '0821')).toEqual([INCOMPLETE]);
  });

  it('is the rule of every form with a phone number', () => {
    const usPhoneWithoutCode = '(201) 555-0123';
    const fieldMessage = (schema: v.GenericSchema, input: Record<string, unknown>, path: string) =>
      v
        .safeParse(schema, input)
        .issues?.filter((issue) => v.getDotPath(issue) === path)
        .map((issue) => issue.message);
    expect(fieldMessage(registerSchema, { phone: usPhoneWithoutCode }, 'phone')).toEqual([INVALID]);
    expect(fieldMessage(updateProfileSchema, { phone: usPhoneWithoutCode }, 'phone')).toEqual([INVALID]);
    expect(fieldMessage(teamMemberSchema, { mobileNumber: usPhoneWithoutCode }, 'mobileNumber')).toEqual([
      INVALID,
    ]);
    expect(fieldMessage(singleDonationSchema, { mobileNumber: usPhoneWithoutCode }, 'mobileNumber')).toEqual([
      INVALID,
    ]);
    expect(
      fieldMessage(recurringDonationSchema, { mobileNumber: usPhoneWithoutCode }, 'mobileNumber'),
    ).toEqual([INVALID]);
    expect(fieldMessage(registerOrganisationSchema, { telephone: usPhoneWithoutCode }, 'telephone')).toEqual([
      INVALID,
    ]);
    expect(
      fieldMessage(
        registerOrganisationSchema,
        { mainContactPerson: { phone: usPhoneWithoutCode } },
        'mainContactPerson.phone',
      ),
    ).toEqual([INVALID]);
  });
});

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SA_PROVINCES } from '~/lib/provinces';
import {
  forgotPasswordSchema,
  loginSchema,
  refreshTokenSchema,
  registerSchema,
  resetPasswordSchema,
  setPasswordSchema,
  verifyUserSchema,
} from '~/lib/schemas/auth';
import { updateProfileSchema } from '~/lib/schemas/profile';

/** Field → messages, as parseInput reports them. */
function messagesOf(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? 'body';
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
}

const validRegistration = {
  firstName: 'Thandi',
  lastName: "O'Neil-Mokoena",
  email: 'thandi@example.org',
  password: 'a-long-unusual-passphrase',
};

describe('register schema', () => {
  it('accepts a complete registration, trimming names and email', () => {
    const output = v.parse(registerSchema, {
      ...validRegistration,
      firstName: '  Thandi ',
      email: ' thandi@example.org ',
      phone: '',
    });
    expect(output).toEqual({ ...validRegistration, phone: null });
  });

  it('accepts names in any script, with hyphens and apostrophes', () => {
    for (const firstName of ['Zoë', 'Ngũgĩ', 'Mary-Jane', 'D’Arcy', 'Jean Luc 2']) {
      expect(messagesOf(registerSchema, { ...validRegistration, firstName })).toEqual({});
    }
  });

  it.each([
    ['firstName', '', 'First name is a required field'],
    ['firstName', 'Thandi!', 'First name should not contain any special characters'],
    ['firstName', 'x'.repeat(61), 'First name must be at most 60 characters'],
    ['lastName', '', 'Surname is a required field'],
    ['lastName', '<script>', 'Surname should not contain any special characters'],
    ['email', '', 'Email is a required field'],
    ['email', 'not-an-email', 'Invalid email format.'],
    ['email', `${'a'.repeat(40)}@example.org`, 'Email must be at most 50 characters'],
    ['password', 'short', 'Password must be at least 8 characters.'],
    ['password', 'x'.repeat(129), 'Password must be at most 128 characters.'],
    ['phone', '12345', 'Please complete mobile number'],
    ['phone', '1'.repeat(17), 'Please complete mobile number'],
    ['phone', 'call me now', 'Please enter a valid mobile number.'],
  ])('%s = %j says %j', (field, value, message) => {
    expect(messagesOf(registerSchema, { ...validRegistration, [field]: value })[field]).toContain(message);
  });

  it('names every missing field with its own message', () => {
    expect(messagesOf(registerSchema, {})).toEqual({
      firstName: ['First name is a required field'],
      lastName: ['Surname is a required field'],
      email: ['Email is a required field'],
      password: ['Password is a required field'],
    });
  });

  it('reports only the first broken rule of a field', () => {
    expect(messagesOf(registerSchema, { ...validRegistration, email: '' }).email).toEqual([
      'Email is a required field',
    ]);
  });

  it('keeps a phone of 6 to 16 characters', () => {
    expect(v.parse(registerSchema, { ...validRegistration, phone: '+27 82 123 4567' }).phone).toBe(
      '+27 82 123 4567',
    );
  });
});

describe('login schema', () => {
  it('needs an email and a password, without the new-password length rule', () => {
    expect(messagesOf(loginSchema, { email: 'a@b.co', password: 'short' })).toEqual({});
    expect(messagesOf(loginSchema, { email: 'a@b.co', password: '' })).toEqual({
      password: ['Password is a required field'],
    });
    expect(messagesOf(loginSchema, { email: 'nope', password: 'x' })).toEqual({
      email: ['Invalid email format.'],
    });
  });
});

describe('link schemas', () => {
  it.each([
    [verifyUserSchema, {}, 'This verification link is invalid or has expired. Request a new one below.'],
    [
      resetPasswordSchema,
      { password: 'long enough one' },
      'This password reset link is invalid or has expired. Request a new one.',
    ],
    [setPasswordSchema, { password: 'long enough one' }, 'This link is invalid or has expired.'],
  ])('a missing token gets the link message', (schema, rest, message) => {
    expect(messagesOf(schema, { ...rest, token: '' }).token).toEqual([message]);
  });

  it('reset and set-password apply the password length rule', () => {
    expect(messagesOf(resetPasswordSchema, { token: 't', password: 'short' }).password).toEqual([
      'Password must be at least 8 characters.',
    ]);
    expect(messagesOf(setPasswordSchema, { token: 't', password: 'x'.repeat(129) }).password).toEqual([
      'Password must be at most 128 characters.',
    ]);
  });

  it('forgot-password needs a valid email; refresh a token', () => {
    expect(messagesOf(forgotPasswordSchema, { email: 'x' })).toEqual({ email: ['Invalid email format.'] });
    expect(messagesOf(refreshTokenSchema, {})).toEqual({ refreshToken: ['Session expired'] });
  });
});

describe('profile schema', () => {
  const names = { firstName: 'Thandi', lastName: 'Mokoena' };

  it('lists the nine provinces', () => {
    expect(SA_PROVINCES).toHaveLength(9);
    expect(SA_PROVINCES).toContain('KwaZulu-Natal');
  });

  it('keeps absent fields undefined (unchanged) and turns empty ones into null (cleared)', () => {
    expect(v.parse(updateProfileSchema, names)).toEqual(names);
    expect(
      v.parse(updateProfileSchema, { ...names, phone: '', address: { city: ' ', province: '' } }),
    ).toEqual({
      ...names,
      phone: null,
      address: { city: null, province: null },
    });
  });

  it('accepts a full address in a province', () => {
    const address = {
      addressLine1: '12 Long Street',
      addressLine2: null,
      zip: '8001',
      city: 'Cape Town',
      province: 'Western Cape',
      country: 'South Africa',
    };
    expect(v.parse(updateProfileSchema, { ...names, address }).address).toEqual(address);
  });

  it.each([
    ['address.province', { address: { province: 'Atlantis' } }, 'Please select a province.'],
    ['address.zip', { address: { zip: '12345678901' } }, 'Postal code must be at most 10 characters'],
    [
      'address.addressLine1',
      { address: { addressLine1: 'x'.repeat(101) } },
      'Address line 1 must be at most 100 characters',
    ],
    ['phone', { phone: '123' }, 'Please complete mobile number'],
    ['firstName', { firstName: '' }, 'First name is a required field'],
  ])('%s', (field, change, message) => {
    expect(messagesOf(updateProfileSchema, { ...names, ...change })[field]).toEqual([message]);
  });
});

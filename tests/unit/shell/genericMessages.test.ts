import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES, registerSchema } from '~/lib/schemas/auth';
import { CAMPAIGN_MESSAGES } from '~/lib/schemas/campaign';
import { GENERIC_MESSAGES } from '~/lib/schemas/genericMessages';
import { ORGANISATION_MESSAGES } from '~/lib/schemas/organisation';

// SPEC §5: 'Generic form messages exist: '{path} is a required field', 'must be at least {min}
// characters', 'must be a valid email', 'must be a valid URL', 'must be a positive number'.

describe('SPEC §5’s generic form messages', () => {
  it('read as the SPEC writes them, with the field’s name', () => {
    expect(GENERIC_MESSAGES.min('Password', 8)).toBe('Password must be at least 8 characters');
  });

  it('say "is a required field" for the account forms’ required fields', () => {
    const missing = v.safeParse(registerSchema, {}).issues?.map((issue) => issue.message);
    expect(missing).toEqual(
      expect.arrayContaining(['First name is a required field', 'Email is a required field']),
    );
  });

  it('give the minimum-length messages of the forms', () => {
    expect(AUTH_MESSAGES.passwordTooShort).toBe('Password must be at least 8 characters.');
    expect(CAMPAIGN_MESSAGES.nameTooShort).toBe('The campaign name must be at least 3 characters.');
    expect(ORGANISATION_MESSAGES.legalNameTooShort).toBe('The legal name must be at least 2 characters.');
  });
});

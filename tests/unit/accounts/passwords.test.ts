import { describe, expect, it } from 'vitest';
import {
  assertPasswordNotCommon,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '~/lib/server/accounts/passwords';
import { HttpError } from '~/lib/server/http/errors';

describe('password hashing', () => {
  it('hashes with argon2id, salted, and verifies only the right password', async () => {
    const [a, b] = await Promise.all([
      hashPassword('correct horse battery'),
      hashPassword('correct horse battery'),
    ]);
    expect(a).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword(a, 'correct horse battery')).toBe(true);
    expect(await verifyPassword(a, 'Correct horse battery')).toBe(false);
  });

  it('refuses without a hash or with a malformed one, instead of throwing', async () => {
    expect(await verifyPassword(null, 'anything at all')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything at all')).toBe(false);
  });
});

describe('common passwords', () => {
  it.each(['password', 'Password1', 'PASSWORD123!', 'qwertyuiop', '12345678', 'iloveyou2', 'Sunshine!!'])(
    '%s is common',
    (password) => {
      expect(isCommonPassword(password)).toBe(true);
    },
  );

  it.each(['Letsema-Admin-2026', 'correct horse battery staple', 'umoya-wam-42', 'password-manager-xyz'])(
    '%s is not',
    (password) => {
      expect(isCommonPassword(password)).toBe(false);
    },
  );

  it('refuses a common password with the contract message on the password field', () => {
    const check = (): void => assertPasswordNotCommon('password123');
    expect(check).toThrow(HttpError);
    expect(check).toThrow(
      expect.objectContaining({
        status: 400,
        message: 'This password is too common. Choose one that is harder to guess.',
        fieldErrors: { password: ['This password is too common. Choose one that is harder to guess.'] },
      }),
    );
  });
});

import { hash, verify } from '@node-rs/argon2';
import { authMessage } from '~/lib/schemas/auth';
import { badRequest } from '~/lib/server/http/errors';
import { COMMON_PASSWORDS } from './commonPasswords';

// argon2id (the library's default algorithm) with OWASP's minimum: 19 MiB, 2 passes, 1 lane.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** An argon2id hash (PHC string, salt and parameters included). */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches `passwordHash`. Without a hash (unknown email, or
 * an invited user with no password yet) it still spends one verification, so
 * the answer takes as long as for a real account.
 */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword('no account has this password');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    // A malformed stored hash is a failed login, not a 500.
    return false;
  }
}

/** True for a password from the common list, also with trailing digits and symbols added ('Password123!'). */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return true;
  const base = lower.replace(/[\d\W_]+$/u, '');
  return base.length >= 4 && COMMON_PASSWORDS.has(base);
}

/** The server's half of the password policy (the schema checks the length): 400 on `password`. */
export function assertPasswordNotCommon(password: string): void {
  if (isCommonPassword(password)) {
    const message = authMessage('passwordTooCommon');
    throw badRequest(message, { password: [message] });
  }
}

import { describe, expect, it } from 'vitest';
import {
  attemptsAt,
  LOGIN_ATTEMPTS,
  NO_LOGIN_ATTEMPTS,
  needsSecurityCheck,
  withFailure,
} from '~/lib/loginAttempts';
import { RATE_LIMITS } from '~/lib/server/platform/rateLimit';

// SPEC §3 auth state: loginAttempts, maxLoginAttempts = 5. One rule for the login form and the server.

const T0 = Date.UTC(2026, 10, 29, 12, 0);
const failures = (n: number, from = T0) =>
  Array.from({ length: n }).reduce<typeof NO_LOGIN_ATTEMPTS>(
    (attempts, _, i) => withFailure(attempts, from + i * 1000),
    NO_LOGIN_ATTEMPTS,
  );

describe('maxLoginAttempts', () => {
  it('is 5, the number of an account’s failures after which the server asks for the captcha', () => {
    expect(LOGIN_ATTEMPTS.max).toBe(5);
    expect(RATE_LIMITS.loginAccount.limit).toBe(LOGIN_ATTEMPTS.max);
    expect(RATE_LIMITS.loginAccount.windowMs).toBe(LOGIN_ATTEMPTS.windowMs);
  });

  it('asks for the security check after the fifth failure, not before', () => {
    expect(needsSecurityCheck(failures(4), T0 + 5000)).toBe(false);
    expect(needsSecurityCheck(failures(5), T0 + 5000)).toBe(true);
  });

  it('forgets failures once the server’s window has passed since the last one', () => {
    const five = failures(5);
    expect(attemptsAt(five, five.lastAt + LOGIN_ATTEMPTS.windowMs - 1)).toBe(5);
    expect(needsSecurityCheck(five, five.lastAt + LOGIN_ATTEMPTS.windowMs)).toBe(false);
    expect(withFailure(five, five.lastAt + LOGIN_ATTEMPTS.windowMs)).toEqual({
      count: 1,
      lastAt: five.lastAt + LOGIN_ATTEMPTS.windowMs,
    });
  });
});

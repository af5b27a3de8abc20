/**
 * SPEC §3's `maxLoginAttempts = 5`, one rule for both sides. The server counts an account's failed
 * logins in a window (lib/server/platform/rateLimit.ts, `loginAccount`): past the maximum, every
 * login of it needs a security check (captcha), never a lock-out of its owner. The login form
 * counts its own failures the same way (stores/auth.ts) and, at the maximum, says so and shows the
 * security check before the next press rather than after it.
 */
export const LOGIN_ATTEMPTS = {
  /** SPEC §3 `maxLoginAttempts`. */
  max: 5,
  /** How long failures are remembered: an account's window on the server. */
  windowMs: 15 * 60_000,
} as const;

/** Failed logins so far, and when the last one was (ms since the epoch; 0 for none). */
export interface LoginAttempts {
  count: number;
  lastAt: number;
}

export const NO_LOGIN_ATTEMPTS: LoginAttempts = { count: 0, lastAt: 0 };

/** The failures that still count at `now`: none once the window has passed since the last one. */
export const attemptsAt = (attempts: LoginAttempts, now: number): number =>
  now - attempts.lastAt < LOGIN_ATTEMPTS.windowMs ? attempts.count : 0;

/** Whether the next login needs the security check: the maximum of failures is reached. */
export const needsSecurityCheck = (attempts: LoginAttempts, now: number): boolean =>
  attemptsAt(attempts, now) >= LOGIN_ATTEMPTS.max;

/** One more failure at `now` (a count from an earlier window starts again). */
export const withFailure = (attempts: LoginAttempts, now: number): LoginAttempts => ({
  count: attemptsAt(attempts, now) + 1,
  lastAt: now,
});

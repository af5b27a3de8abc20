import { and, eq, lt, sql } from 'drizzle-orm';
import { m } from '~/lib/i18n';
import { LOGIN_ATTEMPTS } from '~/lib/loginAttempts';
import { getDb } from '~/lib/server/db';
import { rateLimits } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';
import { HttpError } from '~/lib/server/http/errors';
import { env } from './env';

const MINUTE = 60_000;

/** `limit` counted attempts per fixed window of `windowMs`; `name` prefixes the key. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
  /**
   * Multiplied by RATE_LIMIT_FACTOR: a limit that real traffic can reach
   * without abuse, such as many people behind one address (a campus, a mobile
   * carrier's NAT) or a test run whose every client is 127.0.0.1. Login's
   * per-account rules are never scaled.
   */
  scaled?: boolean;
}

/**
 * docs/api/accounts.md "Rate limits": login counts failures only; the other
 * calls count every request. Limits per account keep one account from doing
 * much; limits per address keep one client from making many accounts do it.
 */
export const RATE_LIMITS = {
  /**
   * Failures of an account from anywhere (SPEC §3 maxLoginAttempts, lib/loginAttempts.ts): past it,
   * login asks for a captcha (it never refuses the owner).
   */
  loginAccount: { name: 'login:account', limit: LOGIN_ATTEMPTS.max, windowMs: LOGIN_ATTEMPTS.windowMs },
  /** Failures of an account from one address: past it, that address waits. */
  loginAccountAddress: { name: 'login:account-address', limit: 10, windowMs: 15 * MINUTE },
  loginAddress: { name: 'login:address', limit: 20, windowMs: 15 * MINUTE, scaled: true },
  registerAddress: { name: 'register:address', limit: 5, windowMs: 60 * MINUTE, scaled: true },
  donationAccount: { name: 'donation:account', limit: 10, windowMs: 10 * MINUTE, scaled: true },
  donationAddress: { name: 'donation:address', limit: 20, windowMs: 10 * MINUTE, scaled: true },
  uploadAccount: { name: 'upload:account', limit: 60, windowMs: 60 * MINUTE, scaled: true },
  captchaChallengeAddress: {
    name: 'captcha-challenge:address',
    limit: 30,
    windowMs: 10 * MINUTE,
    scaled: true,
  },
  /** Mail to one address from anyone's doing (mail/send.ts says which kinds count). */
  mailRecipient: { name: 'mail:recipient', limit: 10, windowMs: 60 * MINUTE },
  forgotPasswordAccount: { name: 'forgot-password:account', limit: 3, windowMs: 60 * MINUTE },
  forgotPasswordAddress: {
    name: 'forgot-password:address',
    limit: 10,
    windowMs: 60 * MINUTE,
    scaled: true,
  },
  verificationAccount: { name: 'verification-email:account', limit: 3, windowMs: 60 * MINUTE },
  verificationAddress: {
    name: 'verification-email:address',
    limit: 10,
    windowMs: 60 * MINUTE,
    scaled: true,
  },
} as const satisfies Record<string, RateLimitRule>;

/** One rule applied to one subject (an account's lower-cased email, or a client address). */
export interface RateLimitCheck {
  rule: RateLimitRule;
  subject: string;
}

interface Window {
  key: string;
  start: Date;
  end: Date;
}

/** The rule's limit as configured for this process. */
export function limitOf(rule: RateLimitRule): number {
  return rule.scaled ? rule.limit * env.rateLimitFactor : rule.limit;
}

function windowOf({ rule, subject }: RateLimitCheck, now: Date): Window {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  return { key: `${rule.name}:${subject}`, start: new Date(start), end: new Date(start + rule.windowMs) };
}

/**
 * Counts one attempt atomically; the count in the current window, this one included. Pass the
 * caller's transaction as `db` to count only if it commits (a mail queued with it).
 */
export async function countAttempt(
  check: RateLimitCheck,
  now: Date = new Date(),
  db: DbOrTx | null = null,
): Promise<number> {
  db ??= await getDb();
  const { key, start, end } = windowOf(check, now);
  const [row] = await db
    .insert(rateLimits)
    .values({ key, windowStart: start, count: 1, expiresAt: end })
    .onConflictDoUpdate({
      target: [rateLimits.key, rateLimits.windowStart],
      set: { count: sql`${rateLimits.count} + 1` },
    })
    .returning({ count: rateLimits.count });
  // Old windows are history: now and then, sweep them rather than on every request.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.expiresAt, now));
  return row?.count ?? 1;
}

/** The attempts counted so far in the current window, without counting one. */
export async function attemptsIn(check: RateLimitCheck, now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const { key, start } = windowOf(check, now);
  const [row] = await db
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, start)));
  return row?.count ?? 0;
}

/** Gives back an attempt counted by `countAttempt` (a login that turned out to be right). */
export async function releaseAttempt(check: RateLimitCheck, now: Date = new Date()): Promise<void> {
  const db = await getDb();
  const { key, start } = windowOf(check, now);
  await db
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, start)));
}

/** Forgets every attempt of a subject under a rule (an account that just logged in). */
export async function resetAttempts(check: RateLimitCheck): Promise<void> {
  const db = await getDb();
  await db.delete(rateLimits).where(eq(rateLimits.key, windowOf(check, new Date()).key));
}

/**
 * Counts one attempt against each check; when any is past its limit, gives
 * them all back (a refused attempt costs nothing, so hammering while blocked
 * changes nothing) and throws 429 with `retry-after` (seconds until that
 * window ends) and the message `messageFor(minutes)`. Attempts that pass stay
 * counted.
 */
export async function enforceRateLimits(
  checks: RateLimitCheck[],
  messageFor: (minutes: number) => string,
  now: Date = new Date(),
): Promise<void> {
  const counts = await Promise.all(checks.map((check) => countAttempt(check, now)));
  const retryAfter = Math.max(
    0,
    ...checks.map((check, i) =>
      (counts[i] ?? 0) > limitOf(check.rule)
        ? Math.ceil((windowOf(check, now).end.getTime() - now.getTime()) / 1000)
        : 0,
    ),
  );
  if (retryAfter > 0) {
    await Promise.all(checks.map((check) => releaseAttempt(check, now)));
    throw new HttpError(429, messageFor(Math.ceil(retryAfter / 60)), null, 'rate_limited', {
      'retry-after': String(retryAfter),
    });
  }
}

/** The message of every 429 that is not about logging in. */
export const tooManyRequests = (n: number): string => m.layout_too_many_requests({ count: n });

/** '{n} minutes', or '1 minute'. */
export const minutes = (n: number): string => `${n} minute${n === 1 ? '' : 's'}`;

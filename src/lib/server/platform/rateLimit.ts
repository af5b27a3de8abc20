import { and, eq, lt, sql } from 'drizzle-orm';
import { getDb } from '~/lib/server/db';
import { rateLimits } from '~/lib/server/db/schema';
import { HttpError } from '~/lib/server/http/errors';

const MINUTE = 60_000;

/** `limit` counted attempts per fixed window of `windowMs`; `name` prefixes the key. */
export interface RateLimitRule {
  name: string;
  limit: number;
  windowMs: number;
}

/** docs/api/accounts.md: login counts failures only; the mail-sending calls count every request. */
export const RATE_LIMITS = {
  loginAccount: { name: 'login:account', limit: 5, windowMs: 15 * MINUTE },
  loginAddress: { name: 'login:address', limit: 20, windowMs: 15 * MINUTE },
  forgotPasswordAccount: { name: 'forgot-password:account', limit: 3, windowMs: 60 * MINUTE },
  forgotPasswordAddress: { name: 'forgot-password:address', limit: 10, windowMs: 60 * MINUTE },
  verificationAccount: { name: 'verification-email:account', limit: 3, windowMs: 60 * MINUTE },
  verificationAddress: { name: 'verification-email:address', limit: 10, windowMs: 60 * MINUTE },
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

function windowOf({ rule, subject }: RateLimitCheck, now: Date): Window {
  const start = Math.floor(now.getTime() / rule.windowMs) * rule.windowMs;
  return { key: `${rule.name}:${subject}`, start: new Date(start), end: new Date(start + rule.windowMs) };
}

/** Counts one attempt atomically; the count in the current window, this one included. */
export async function countAttempt(check: RateLimitCheck, now: Date = new Date()): Promise<number> {
  const db = await getDb();
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
 * Counts one attempt against each check; when any is past its limit, throws
 * 429 with `retry-after` (seconds until that window ends) and the message
 * `messageFor(minutes)`. Attempts counted here stay counted.
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
      (counts[i] ?? 0) > check.rule.limit
        ? Math.ceil((windowOf(check, now).end.getTime() - now.getTime()) / 1000)
        : 0,
    ),
  );
  if (retryAfter > 0) {
    throw new HttpError(429, messageFor(Math.ceil(retryAfter / 60)), null, 'rate_limited', {
      'retry-after': String(retryAfter),
    });
  }
}

/** '{n} minutes', or '1 minute'. */
export const minutes = (n: number): string => `${n} minute${n === 1 ? '' : 's'}`;

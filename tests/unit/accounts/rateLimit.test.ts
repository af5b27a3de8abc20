import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareServerTestEnv } from '../support/serverEnv';

const testEnv = prepareServerTestEnv();
const { closeDb, getDb } = await import('~/lib/server/db');
const { countAttempt, enforceRateLimits, releaseAttempt, resetAttempts, minutes } = await import(
  '~/lib/server/platform/rateLimit'
);

// Opening and migrating the in-memory database is the slow part; not inside a test's time limit.
beforeAll(async () => {
  await getDb();
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

const MINUTE = 60_000;
const rule = (limit = 3) => ({ name: `test-${randomUUID()}`, limit, windowMs: 15 * MINUTE });
// A moment 5 minutes into a 15-minute window.
const at = new Date(Math.floor(Date.now() / (15 * MINUTE)) * 15 * MINUTE + 5 * MINUTE);
const message = (n: number) => `Wait ${minutes(n)}.`;

describe('rate limits', () => {
  it('count attempts per subject and window, atomically', async () => {
    const r = rule();
    const counts = await Promise.all([1, 2, 3, 4].map(() => countAttempt({ rule: r, subject: 'a' }, at)));
    expect(counts.sort()).toEqual([1, 2, 3, 4]);
    expect(await countAttempt({ rule: r, subject: 'b' }, at)).toBe(1);
    expect(await countAttempt({ rule: r, subject: 'a' }, new Date(at.getTime() + 15 * MINUTE))).toBe(1);
  });

  it('answer 429 past the limit with retry-after until the window ends', async () => {
    const r = rule(2);
    const check = [{ rule: r, subject: 'x' }];
    await enforceRateLimits(check, message, at);
    await enforceRateLimits(check, message, at);
    const error = await enforceRateLimits(check, message, at).catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 429,
      message: 'Wait 10 minutes.',
      headers: { 'retry-after': '600' },
    });
  });

  it('any of several checks can trip it', async () => {
    const strict = rule(1);
    const loose = rule(10);
    await enforceRateLimits(
      [
        { rule: strict, subject: 's' },
        { rule: loose, subject: 'l' },
      ],
      message,
      at,
    );
    await expect(
      enforceRateLimits(
        [
          { rule: strict, subject: 's' },
          { rule: loose, subject: 'l' },
        ],
        message,
        at,
      ),
    ).rejects.toMatchObject({ status: 429 });
  });

  it('release gives an attempt back, reset forgets them all', async () => {
    const r = rule();
    const check = { rule: r, subject: 'y' };
    await countAttempt(check, at);
    await countAttempt(check, at);
    await releaseAttempt(check, at);
    expect(await countAttempt(check, at)).toBe(2);
    await resetAttempts(check);
    expect(await countAttempt(check)).toBe(1);
  });

  it('says "1 minute" but "2 minutes"', () => {
    expect(minutes(1)).toBe('1 minute');
    expect(minutes(2)).toBe('2 minutes');
  });
});

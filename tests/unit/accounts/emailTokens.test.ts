import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepareServerTestEnv } from '../support/serverEnv';

const testEnv = prepareServerTestEnv();
const { closeDb } = await import('~/lib/server/db');
const { register } = await import('~/lib/server/accounts/auth');
const { issueEmailToken, consumeEmailToken, EMAIL_TOKEN_LIFETIME_MS } = await import(
  '~/lib/server/accounts/emailTokens'
);

const HOUR = 60 * 60 * 1000;
let userId: string;

beforeAll(async () => {
  ({ id: userId } = await register({
    firstName: 'Sizwe',
    lastName: 'Nkosi',
    email: 'sizwe.tokens@example.test',
    password: 'a-long-unusual-passphrase',
  }));
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

describe('email tokens', () => {
  it('live 48 hours (verify), 1 hour (reset), 7 days (set password)', () => {
    expect(EMAIL_TOKEN_LIFETIME_MS.verify).toBe(48 * HOUR);
    expect(EMAIL_TOKEN_LIFETIME_MS.reset).toBe(HOUR);
    expect(EMAIL_TOKEN_LIFETIME_MS['set-password']).toBe(7 * 24 * HOUR);
  });

  it('are 32 random bytes, base64url', async () => {
    const token = await issueEmailToken(userId, 'reset');
    expect(token).toMatch(/^[\w-]{43}$/);
    expect(await issueEmailToken(userId, 'reset')).not.toBe(token);
  });

  it('work once', async () => {
    const token = await issueEmailToken(userId, 'verify');
    expect(await consumeEmailToken(token, 'verify')).toBe(userId);
    expect(await consumeEmailToken(token, 'verify')).toBeNull();
  });

  it('work only for their purpose', async () => {
    const token = await issueEmailToken(userId, 'reset');
    expect(await consumeEmailToken(token, 'set-password')).toBeNull();
    expect(await consumeEmailToken(token, 'reset')).toBe(userId);
  });

  it('expire', async () => {
    const token = await issueEmailToken(userId, 'reset');
    expect(await consumeEmailToken(token, 'reset', { now: new Date(Date.now() + HOUR + 1000) })).toBeNull();
    const later = await issueEmailToken(userId, 'reset');
    expect(await consumeEmailToken(later, 'reset', { now: new Date(Date.now() + HOUR - 60_000) })).toBe(
      userId,
    );
  });

  it('spending one retires the other unused links of that purpose', async () => {
    const older = await issueEmailToken(userId, 'set-password');
    const newer = await issueEmailToken(userId, 'set-password');
    const verify = await issueEmailToken(userId, 'verify');
    expect(await consumeEmailToken(newer, 'set-password')).toBe(userId);
    expect(await consumeEmailToken(older, 'set-password')).toBeNull();
    expect(await consumeEmailToken(verify, 'verify')).toBe(userId);
  });

  it('unknown tokens spend nothing', async () => {
    expect(await consumeEmailToken('no-such-token', 'verify')).toBeNull();
  });
});

import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepareServerTestEnv } from '../support/serverEnv';

const testEnv = prepareServerTestEnv();
vi.stubEnv('ALTCHA_HMAC_KEY', 'unit-test-altcha-key');
vi.stubEnv('ALTCHA_MAX_NUMBER', '2000');
const { captchaChallengeFor, captchaConfig, createCaptchaChallenge, verifyCaptcha } = await import(
  '~/lib/server/platform/captcha'
);
const { closeDb, getDb } = await import('~/lib/server/db');

// Opening (migrating) the in-memory database is the slow part; solutions are recorded there.
beforeAll(async () => {
  await getDb();
}, 60_000);

afterAll(async () => {
  await closeDb();
  testEnv.cleanup();
});

/** What the ALTCHA widget sends: base64 of `{ challenge, solution }`. */
async function solvedPayload(now = new Date()): Promise<string> {
  const challenge = await createCaptchaChallenge(now);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

describe('captcha', () => {
  it('is ALTCHA unless both reCAPTCHA keys are set', () => {
    expect(captchaConfig()).toEqual({ provider: 'altcha' });
  });

  it('hides a counter up to ALTCHA_MAX_NUMBER, signed, expiring in 10 minutes', async () => {
    const now = new Date('2030-01-01T10:00:00Z');
    const challenge = await createCaptchaChallenge(now);
    expect(challenge.signature).toMatch(/^[0-9a-f]+$/);
    expect(challenge.parameters.expiresAt).toBe(now.getTime() / 1000 + 600);
    const solution = await solveChallenge({ challenge, deriveKey });
    expect(solution?.counter).toBeLessThanOrEqual(2000);
  });

  it('accepts a solution once', async () => {
    const payload = await solvedPayload();
    expect(await verifyCaptcha(payload, '127.0.0.1')).toBe(true);
    expect(await verifyCaptcha(payload, '127.0.0.1')).toBe(false);
  }, 30_000);

  it('refuses a missing, malformed, tampered or expired one', async () => {
    expect(await verifyCaptcha(undefined, null)).toBe(false);
    expect(await verifyCaptcha('', null)).toBe(false);
    expect(await verifyCaptcha('not base64 json', null)).toBe(false);
    const decoded = JSON.parse(Buffer.from(await solvedPayload(), 'base64').toString('utf8'));
    decoded.solution.counter += 1;
    expect(await verifyCaptcha(Buffer.from(JSON.stringify(decoded)).toString('base64'), null)).toBe(false);
    decoded.solution.counter -= 1;
    decoded.challenge.parameters.keyPrefix = '00';
    expect(await verifyCaptcha(Buffer.from(JSON.stringify(decoded)).toString('base64'), null)).toBe(false);
    const expired = await solvedPayload(new Date(Date.now() - 11 * 60_000));
    expect(await verifyCaptcha(expired, null)).toBe(false);
  }, 30_000);

  it('gives one address 30 challenges per 10 minutes, then 429 with retry-after; others still get theirs', async () => {
    for (let i = 0; i < 30; i++) await captchaChallengeFor('10.40.0.1');
    const error = await captchaChallengeFor('10.40.0.1').catch((e: unknown) => e);
    expect(error).toMatchObject({
      status: 429,
      message: expect.stringMatching(/^Too many requests\. Please wait \d+ minutes? and try again\.$/),
      headers: { 'retry-after': expect.stringMatching(/^\d+$/) },
    });
    await expect(captchaChallengeFor('10.40.0.2')).resolves.toMatchObject({ signature: expect.any(String) });
  });
});

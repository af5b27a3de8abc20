import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { lt } from 'drizzle-orm';
import type { CaptchaConfig } from '~/lib/contracts/platform';
import { m } from '~/lib/i18n';
import { getDb } from '~/lib/server/db';
import { captchaSolutions } from '~/lib/server/db/schema';
import { badRequest } from '~/lib/server/http/errors';
import { env } from './env';
import { log } from './log';
import { enforceRateLimits, RATE_LIMITS, tooManyRequests } from './rateLimit';
import { readOrCreateSecret } from './secrets';

/**
 * The captcha on public donations (docs/api/donations.md "Captcha"): ALTCHA's
 * self-hosted proof of work by default, Google reCAPTCHA v2 when both of its
 * keys are configured.
 */

export const CAPTCHA_FAILED = 'The reCAPTCHA verification failed. Please try again.';

/** CAPTCHA_FAILED in the request's language (issue 27). */
export const captchaFailedMessage = (): string => m.donation_captcha_verification_failed();

/** How long a donor has between loading the challenge and sending the donation. */
const CHALLENGE_SECONDS = 10 * 60;
/** One SHA-256 round per counter: the work is in how far the browser has to count. */
const ALGORITHM = 'SHA-256';
const RECAPTCHA_VERIFY_URL = 'https://www.google.com/recaptcha/api/siteverify';

/** Which widget the donation form shows (pages pass this to the island). */
export function captchaConfig(): CaptchaConfig {
  const { recaptchaSiteKey, recaptchaSecret } = env.captcha;
  return recaptchaSiteKey && recaptchaSecret
    ? { provider: 'recaptcha', siteKey: recaptchaSiteKey }
    : { provider: 'altcha' };
}

let hmacKey: string | undefined;
function altchaKey(): string {
  hmacKey ??= env.captcha.altchaHmacKey ?? readOrCreateSecret('altcha-hmac-key');
  return hmacKey;
}

/**
 * A signed ALTCHA v2 challenge for `GET /captcha/challenge`. Deterministic
 * mode: the server picks the counter (up to ALTCHA_MAX_NUMBER) and publishes
 * only a prefix of its key, so the browser has to count up to it.
 */
export function createCaptchaChallenge(now: Date = new Date()): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(env.captcha.altchaMaxNumber, 0),
    deriveKey,
    hmacSignatureSecret: altchaKey(),
    expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1000),
  });
}

/**
 * `GET /captcha/challenge` for one client: signing is cheap, but it is free
 * to anyone, so an address gets a limited number (a form needs one, plus one
 * per retry); past it, 429.
 */
export async function captchaChallengeFor(address: string): Promise<Challenge> {
  await enforceRateLimits([{ rule: RATE_LIMITS.captchaChallengeAddress, subject: address }], tooManyRequests);
  return createCaptchaChallenge();
}

interface AltchaPayload {
  challenge: Challenge;
  solution: Solution;
}

/** The widget's payload: base64 of `{ challenge: { parameters, signature }, solution }`. */
function decodeAltchaPayload(token: string): AltchaPayload | null {
  try {
    const value = JSON.parse(Buffer.from(token, 'base64').toString('utf8')) as Partial<AltchaPayload>;
    const { challenge, solution } = value;
    if (!challenge || typeof challenge !== 'object' || !challenge.parameters || !solution) return null;
    if (typeof challenge.signature !== 'string' || challenge.parameters.algorithm !== ALGORITHM) return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

async function verifyAltcha(token: string, now: Date): Promise<boolean> {
  const payload = decodeAltchaPayload(token);
  if (!payload) return false;
  let verified = false;
  try {
    ({ verified } = await verifySolution({ ...payload, deriveKey, hmacSignatureSecret: altchaKey() }));
  } catch {
    return false;
  }
  if (!verified) return false;
  return spendSolution(payload.challenge, now);
}

/**
 * Records the solved challenge so it buys one donation only. The primary key
 * decides between two concurrent uses of one solution; expired rows go too,
 * as their challenges would fail verification anyway.
 */
async function spendSolution(challenge: Challenge, now: Date): Promise<boolean> {
  const db = await getDb();
  const expiresAt = new Date(
    (challenge.parameters.expiresAt ?? now.getTime() / 1000 + CHALLENGE_SECONDS) * 1000,
  );
  const inserted = await db
    .insert(captchaSolutions)
    .values({ signature: String(challenge.signature), expiresAt })
    .onConflictDoNothing()
    .returning({ signature: captchaSolutions.signature });
  await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now));
  return inserted.length === 1;
}

async function verifyRecaptcha(
  token: string,
  remoteAddress: string | null,
  secret: string,
): Promise<boolean> {
  const form = new URLSearchParams({ secret, response: token });
  if (remoteAddress) form.set('remoteip', remoteAddress);
  try {
    const response = await fetch(RECAPTCHA_VERIFY_URL, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(10_000),
    });
    if (!response.ok) return false;
    const body = (await response.json()) as { success?: unknown };
    return body.success === true;
  } catch (error) {
    log.warn({ area: 'captcha', err: error }, 'reCAPTCHA verification could not be completed');
    return false;
  }
}

/** True when `token` proves a human (or at least some work) and was not used before. */
export async function verifyCaptcha(
  token: string | null | undefined,
  remoteAddress: string | null,
  now: Date = new Date(),
): Promise<boolean> {
  if (!token) return false;
  const config = captchaConfig();
  if (config.provider === 'recaptcha' && env.captcha.recaptchaSecret)
    return verifyRecaptcha(token, remoteAddress, env.captcha.recaptchaSecret);
  return verifyAltcha(token, now);
}

/** 400 'The reCAPTCHA verification failed. Please try again.' on `recaptchaToken` unless the captcha passes. */
export async function assertCaptcha(
  token: string | null | undefined,
  remoteAddress: string | null,
): Promise<void> {
  if (await verifyCaptcha(token, remoteAddress)) return;
  const message = captchaFailedMessage();
  throw badRequest(message, { recaptchaToken: [message] });
}

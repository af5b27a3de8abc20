import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '~/lib/server/platform/secrets';

/**
 * The donor's receipt links (docs/api/donations.md "Tokens"): HS256 JWTs whose
 * subject is the donation (or recurring donation) id. A visitor has no account,
 * so holding the token is their authority over the donation.
 *
 * - Their own key: derived from the JWT key with HKDF-SHA256 and the label
 *   below, so an access or refresh token can never pass as a donation token
 *   (nor the other way round), while JWT_SECRET (or DATA_DIR/jwt-secret) stays
 *   the one secret an operator keeps and shares between instances.
 * - An expiry, DONATION_TOKEN_DAYS after the moment the caller names (the
 *   donation's creation, or a mail's sending), so a link found in an old mail
 *   or a browser history does not act for the donor forever. The `typ` claim
 *   keeps a scheduler token from passing as a donation token.
 *
 * Signed and read with node:crypto rather than jose so that both are
 * synchronous, as the contract declares them (`readDonationToken(token):
 * string | null`); the tokens are ordinary JWTs that jose verifies too.
 */

type DonationTokenType = 'donation' | 'donation-scheduler';

/** Long enough for /thanks, a cancel from the gateway, EFT instructions and the receipt mail. */
export const DONATION_TOKEN_DAYS = 30;
const DONATION_TOKEN_SECONDS = DONATION_TOKEN_DAYS * 24 * 60 * 60;

const KEY_LABEL = 'letsema donation tokens v1';

/** HKDF of the JWT key with KEY_LABEL: a key of its own without a second secret to keep. */
export function getDonationTokenKey(): Buffer {
  return derivedKey(KEY_LABEL);
}

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const mac = (input: string): Buffer => createHmac('sha256', getDonationTokenKey()).update(input).digest();

const seconds = (date: Date): number => Math.floor(date.getTime() / 1000);

// No `iat`, and `exp` from a stored moment (the donation's creation): a donation has one
// token, the same in the creation answer, the gateway's return link and the lists (the
// SPEC keys once-off lists by it), however often it is signed.
function sign(id: string, typ: DonationTokenType, validFrom: Date): string {
  const exp = seconds(validFrom) + DONATION_TOKEN_SECONDS;
  const payload = Buffer.from(JSON.stringify({ typ, sub: id, exp })).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${mac(input).toString('base64url')}`;
}

function read(token: unknown, typ: DonationTokenType, now: Date): string | null {
  if (typeof token !== 'string' || token.length > 2000) return null;
  const [header, payload, signature, ...rest] = token.split('.');
  if (!header || !payload || !signature || rest.length > 0) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = mac(`${header}.${payload}`);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8')) as { alg?: unknown };
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (head.alg !== 'HS256' || claims.typ !== typ || typeof claims.sub !== 'string') return null;
    // Every token has an end: one without `exp` is refused like an expired one.
    if (typeof claims.exp !== 'number' || claims.exp <= seconds(now)) return null;
    return claims.sub;
  } catch {
    return null;
  }
}

/** `jwtTokenStringDonationId` of a donation, valid DONATION_TOKEN_DAYS from `validFrom` (its creation, or a mail's sending). */
export function signDonationToken(id: string, validFrom: Date): string {
  return sign(id, 'donation', validFrom);
}

/** The donation id a donation token names, or null when it is not a well-signed, unexpired donation token. */
export function readDonationToken(token: unknown, now: Date = new Date()): string | null {
  return read(token, 'donation', now);
}

/** The token of a recurring donation (its `jwtTokenStringDonationId`), valid DONATION_TOKEN_DAYS from `validFrom`. */
export function signSchedulerToken(id: string, validFrom: Date): string {
  return sign(id, 'donation-scheduler', validFrom);
}

/** The recurring donation id a scheduler token names, or null. */
export function readSchedulerToken(token: unknown, now: Date = new Date()): string | null {
  return read(token, 'donation-scheduler', now);
}

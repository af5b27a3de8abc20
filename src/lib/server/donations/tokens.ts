import { createHmac, timingSafeEqual } from 'node:crypto';
import { getJwtKey } from '~/lib/server/platform/secrets';

/**
 * The donor's receipt links (docs/api/donations.md "Tokens"): HS256 JWTs with
 * the server's key (getJwtKey) whose subject is the donation (or recurring
 * donation) id. They never expire, because a visitor has no account and the
 * link is their only way back; the `typ` claim keeps a scheduler token from
 * passing as a donation token and either from passing as an access token.
 *
 * Signed and read with node:crypto rather than jose so that both are
 * synchronous, as the contract declares them (`readDonationToken(token):
 * string | null`); the tokens are ordinary JWTs that jose verifies too.
 */

type DonationTokenType = 'donation' | 'donation-scheduler';

const HEADER = Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url');

const mac = (input: string): Buffer => createHmac('sha256', getJwtKey()).update(input).digest();

// No `iat`: a donation has one token, the same in the creation answer, the gateway's return
// link, the receipt and the lists (the SPEC keys once-off lists by it).
function sign(id: string, typ: DonationTokenType): string {
  const payload = Buffer.from(JSON.stringify({ typ, sub: id })).toString('base64url');
  const input = `${HEADER}.${payload}`;
  return `${input}.${mac(input).toString('base64url')}`;
}

function read(token: unknown, typ: DonationTokenType): string | null {
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
    return claims.sub;
  } catch {
    return null;
  }
}

/** `jwtTokenStringDonationId` of a donation. */
export function signDonationToken(id: string): string {
  return sign(id, 'donation');
}

/** The donation id a donation token names, or null when it is not a well-signed donation token. */
export function readDonationToken(token: unknown): string | null {
  return read(token, 'donation');
}

/** The token of a recurring donation (its `jwtTokenStringDonationId`). */
export function signSchedulerToken(id: string): string {
  return sign(id, 'donation-scheduler');
}

/** The recurring donation id a scheduler token names, or null. */
export function readSchedulerToken(token: unknown): string | null {
  return read(token, 'donation-scheduler');
}

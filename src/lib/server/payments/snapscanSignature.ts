import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * SnapScan's webhook signature (developer.snapscan.co.za, "Webhooks"): the request carries
 * `Authorization: SnapScan signature=<hex>`, the HMAC-SHA256 of the raw request body
 * (the form-encoded `payload=…`, exactly as sent) keyed with the merchant's webhook auth key.
 */

const HEADER = /^SnapScan signature=([0-9a-f]{64})$/i;

export function snapscanSignature(rawBody: string, webhookAuthKey: string): string {
  return createHmac('sha256', webhookAuthKey).update(rawBody, 'utf8').digest('hex');
}

/** The Authorization header SnapScan sends with a webhook whose body is `rawBody`. */
export function snapscanAuthorizationHeader(rawBody: string, webhookAuthKey: string): string {
  return `SnapScan signature=${snapscanSignature(rawBody, webhookAuthKey)}`;
}

/** True when `authorization` is SnapScan's header for exactly this body and key (compared in constant time). */
export function verifySnapscanSignature(
  rawBody: string,
  authorization: string | null | undefined,
  webhookAuthKey: string,
): boolean {
  const match = HEADER.exec((authorization ?? '').trim());
  if (!match?.[1]) return false;
  const given = Buffer.from(match[1].toLowerCase(), 'hex');
  const expected = Buffer.from(snapscanSignature(rawBody, webhookAuthKey), 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

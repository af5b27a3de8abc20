import { createHash } from 'node:crypto';

/** A strong ETag from the body's bytes: the same body, rendered or built again, gets the same tag. */
export function etagOf(body: Buffer): string {
  return `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
}

import type { APIContext } from 'astro';
import { clientAddressFrom } from '~/lib/server/http/clientAddress';
import { isLoopback } from '~/lib/server/payments/payfastSource';
import { env } from './env';

/**
 * Who may use the development tools: the mail outbox under /dev (it holds password-reset and
 * invitation links) and the payment simulator under /sandbox (it marks donations paid). Never in
 * production, and otherwise only from this machine, whatever HOST the server listens on.
 */

type PeerContext = Pick<APIContext, 'clientAddress' | 'request'>;

/**
 * The client's address: the connection's peer as the Node adapter saw it, or, when that peer is
 * a proxy in TRUSTED_PROXIES, the client it forwarded for (src/lib/server/http/clientAddress.ts).
 * Null when Astro cannot tell (it throws then).
 */
export function clientAddressOf(ctx: PeerContext): string | null {
  let peer: string | null;
  try {
    peer = ctx.clientAddress || null;
  } catch {
    peer = null;
  }
  return clientAddressFrom(peer, ctx.request.headers.get('x-forwarded-for'), env.trustedProxies);
}

/** clientAddressOf for a route that cannot go on without one (Astro's own error when it has none, as before). */
export function requiredClientAddress(ctx: PeerContext): string {
  return clientAddressOf(ctx) ?? ctx.clientAddress;
}

/** The request comes from 127.0.0.0/8 or ::1 (also as ::ffff:127.x). */
export function isLoopbackClient(ctx: PeerContext): boolean {
  const address = clientAddressOf(ctx);
  return address !== null && isLoopback(address);
}

/** The dev outbox answers this request. */
export function outboxAvailable(ctx: PeerContext): boolean {
  return !env.isProduction && isLoopbackClient(ctx);
}

/** The payment simulator answers this request. */
export function sandboxAvailable(ctx: PeerContext): boolean {
  return env.payments.sandboxEnabled && isLoopbackClient(ctx);
}

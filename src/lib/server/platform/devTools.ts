import type { APIContext } from 'astro';
import { isLoopback } from '~/lib/server/payments/payfastSource';
import { env } from './env';

/**
 * Who may use the development tools: the mail outbox under /dev (it holds password-reset and
 * invitation links) and the payment simulator under /sandbox (it marks donations paid). Never in
 * production, and otherwise only from this machine, whatever HOST the server listens on.
 */

type PeerContext = Pick<APIContext, 'clientAddress'>;

/**
 * The address of the connection's peer as the Node adapter saw it. Never a forwarded header:
 * anyone can write X-Forwarded-For. Null when Astro cannot tell (it throws then).
 */
export function clientAddressOf(ctx: PeerContext): string | null {
  try {
    return ctx.clientAddress || null;
  } catch {
    return null;
  }
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

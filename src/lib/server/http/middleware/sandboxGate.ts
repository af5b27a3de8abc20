import type { MiddlewareHandler } from 'astro';
import { env } from '~/lib/server/platform/env';

/**
 * The gateway simulators under /sandbox take payments that never happened, so
 * in production (or with PAYMENT_SANDBOX=false) none of them answers, whatever
 * a single route forgets: each route checks too (sandboxOff), this is the gate.
 */
export const sandboxGate: MiddlewareHandler = (ctx, next) => {
  const path = ctx.url.pathname;
  if (!env.payments.sandboxEnabled && (path === '/sandbox' || path.startsWith('/sandbox/')))
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  return next();
};

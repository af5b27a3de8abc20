import type { MiddlewareHandler } from 'astro';
import { notFound } from '~/lib/server/http/errors';
import { errorResponse } from '~/lib/server/http/responses';
import { outboxAvailable, sandboxAvailable } from '~/lib/server/platform/devTools';

const under = (path: string, root: string): boolean => path === root || path.startsWith(`${root}/`);

/**
 * The development tools answer only on this machine (platform/devTools.ts), whatever a single
 * route forgets (each route checks too). The gateway simulators under /sandbox take payments that
 * never happened: off in production or with PAYMENT_SANDBOX=false, and from any other address.
 * The outbox under /dev shows every mail, reset and invitation links included: off in production,
 * and from any other address. Either way the answer is the one production gives.
 */
export const sandboxGate: MiddlewareHandler = (ctx, next) => {
  const path = ctx.url.pathname;
  if (under(path, '/sandbox') && !sandboxAvailable(ctx))
    return new Response('Not found', {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
    });
  if (under(path, '/dev') && !outboxAvailable(ctx)) {
    if (path.endsWith('.json')) return errorResponse(notFound(), ctx.locals.requestId);
    return ctx.rewrite('/404');
  }
  return next();
};

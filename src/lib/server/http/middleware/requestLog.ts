import type { MiddlewareHandler } from 'astro';
import { requestIdFor } from '#server/requestId.ts';
import { logRequest, millisecondsSince } from '~/lib/server/http/requestLine';
import { clientAddressOf } from '~/lib/server/platform/devTools';
import { reportServerError } from '~/lib/server/platform/errorReporting';
import { withLogFields } from '~/lib/server/platform/log';
import { lostConnectionAnswer } from './apiErrors';

/**
 * Outermost: gives the request its id (a proxy's when it sent a sane one), runs it so that every
 * line it logs carries that id, and writes its request line once it is answered (the route as
 * matched, after a language prefix came off). A page that throws is reported here, then Astro
 * renders its 500 page.
 */
export const requestLog: MiddlewareHandler = (ctx, next) => {
  const requestId = requestIdFor(ctx.request.headers.get('x-request-id'));
  ctx.locals.requestId = requestId;
  const started = performance.now();
  return withLogFields({ requestId }, async () => {
    let status = 500;
    try {
      const response = await next();
      status = response.status;
      return response;
    } catch (error) {
      // The database went away before the API's own error step ran (reading the bearer token's session).
      const lost = ctx.url.pathname.startsWith('/api/') ? lostConnectionAnswer(error, requestId) : null;
      if (lost) {
        status = lost.status;
        return lost;
      }
      await reportServerError(error, { requestId, method: ctx.request.method, route: ctx.routePattern });
      throw error;
    } finally {
      logRequest(
        {
          requestId,
          method: ctx.request.method,
          route: ctx.routePattern || null,
          status,
          durationMs: millisecondsSince(started),
          client: clientAddressOf(ctx),
          served: 'app',
        },
        (name) => ctx.request.headers.get(name),
      );
    }
  });
};

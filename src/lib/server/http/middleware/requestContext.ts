import type { MiddlewareHandler } from 'astro';
import { parseAuthorization } from '~/lib/server/accounts/session';
import { env } from '~/lib/server/platform/env';
import { requestIdFor } from '../../../../../server/requestId.ts';

/** Gives every request an id (a proxy's when it sent a sane one) and parses the bearer token. */
export const requestContext: MiddlewareHandler = async (ctx, next) => {
  ctx.locals.requestId = requestIdFor(ctx.request.headers.get('x-request-id'));
  const auth = await parseAuthorization(ctx.request.headers.get('authorization'));
  ctx.locals.user = auth.user;
  ctx.locals.authProblem = auth.problem;
  const started = performance.now();
  const response = await next();
  response.headers.set('x-request-id', ctx.locals.requestId);
  if (env.logRequests) {
    const ms = (performance.now() - started).toFixed(1);
    console.log(
      `${ctx.locals.requestId} ${ctx.request.method} ${ctx.url.pathname} ${response.status} ${ms} ms`,
    );
  }
  return response;
};

import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'astro';
import { parseAuthorization } from '~/lib/server/accounts/session';
import { env } from '~/lib/server/platform/env';

const SAFE_REQUEST_ID = /^[\w.:-]{8,100}$/;

/** Gives every request an id (a proxy's when it sent a sane one) and parses the bearer token. */
export const requestContext: MiddlewareHandler = async (ctx, next) => {
  const incoming = ctx.request.headers.get('x-request-id');
  ctx.locals.requestId = incoming && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
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

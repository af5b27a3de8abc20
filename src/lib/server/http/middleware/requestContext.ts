import type { MiddlewareHandler } from 'astro';
import { parseAuthorization } from '~/lib/server/accounts/session';

/** Parses the bearer token, and names the request (its id, from requestLog) in the answer's x-request-id. */
export const requestContext: MiddlewareHandler = async (ctx, next) => {
  const auth = await parseAuthorization(ctx.request.headers.get('authorization'));
  ctx.locals.user = auth.user;
  ctx.locals.authProblem = auth.problem;
  const response = await next();
  response.headers.set('x-request-id', ctx.locals.requestId);
  return response;
};

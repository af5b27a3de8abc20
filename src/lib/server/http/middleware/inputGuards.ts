import type { MiddlewareHandler } from 'astro';
import { badRequest } from '~/lib/server/http/errors';
import { NUL_MESSAGE } from '~/lib/server/http/nul';
import { errorResponse } from '~/lib/server/http/responses';

/**
 * PostgreSQL refuses a NUL character in text, so a %00 anywhere in the path or
 * query would reach the database as a 500 from any endpoint or page that looks
 * it up. Refused here once, for every route: a JSON 400 under /api/, a plain
 * 400 for pages. Bodies are checked where they are parsed (readJson, readMultipart).
 */
export const inputGuards: MiddlewareHandler = (ctx, next) => {
  const { pathname, search } = ctx.url;
  if (!/%00/i.test(pathname + search) && !(pathname + search).includes('\0')) return next();
  if (pathname.startsWith('/api/')) return errorResponse(badRequest(NUL_MESSAGE), ctx.locals.requestId);
  return new Response(NUL_MESSAGE, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

import type { MiddlewareHandler } from 'astro';
import { badRequest } from '~/lib/server/http/errors';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from '~/lib/server/http/nul';
import { errorResponse } from '~/lib/server/http/responses';

/**
 * PostgreSQL refuses a NUL character in text, so a %00 anywhere in the path or
 * query would reach the database as a 500 from any endpoint or page that looks
 * it up. Refused here once, for every route: a JSON 400 under /api/, a plain
 * 400 for pages. Bodies are checked where they are parsed (readJson, readMultipart).
 */
export const inputGuards: MiddlewareHandler = (ctx, next) => {
  const { pathname, search } = ctx.url;
  const problem = urlProblem(pathname + search, Object.values(ctx.params ?? {}));
  if (!problem) return next();
  if (pathname.startsWith('/api/')) return errorResponse(badRequest(problem), ctx.locals.requestId);
  return new Response(problem, { status: 400, headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

/**
 * What the database could not store in the path, the query or a route parameter as the route
 * decoded it: a NUL, or half of a UTF-16 pair (a parameter that reached the route as a
 * lone surrogate would be refused by PostgreSQL as invalid UTF-8: a 500).
 */
function urlProblem(url: string, params: readonly (string | undefined)[]): string | null {
  if (/%00/i.test(url) || url.includes('\0') || params.some((p) => p?.includes('\0'))) return NUL_MESSAGE;
  if (params.some((p) => p !== undefined && !p.isWellFormed())) return LONE_SURROGATE_MESSAGE;
  return null;
}

import type { MiddlewareHandler } from 'astro';
import { isConnectionLost } from '~/lib/server/db/errors';
import { databaseUnavailable, HttpError, notFound } from '~/lib/server/http/errors';
import { errorResponse } from '~/lib/server/http/responses';
import { reportServerError } from '~/lib/server/platform/errorReporting';
import { log } from '~/lib/server/platform/log';

/**
 * Turns anything an /api endpoint throws into the failure envelope. Unknown
 * errors are logged with the request id and answered without internals.
 */
export const apiErrors: MiddlewareHandler = async (ctx, next) => {
  if (!ctx.url.pathname.startsWith('/api/')) return next();
  try {
    const response = await next();
    // Astro answers a method no endpoint exports with its HTML not-found page; the API speaks JSON.
    if (response.status === 404 && !response.headers.get('content-type')?.includes('json')) {
      throw notFound(`No API endpoint at ${ctx.request.method} ${ctx.url.pathname}.`);
    }
    return response;
  } catch (error) {
    // PostgreSQL restarting under a request: a 503 to try again, not an internal error (the
    // transaction rolled back, so nothing half-done stays).
    const lost = lostConnectionAnswer(error, ctx.locals.requestId);
    if (lost) return lost;
    if (!(error instanceof HttpError)) {
      const { requestId } = ctx.locals;
      await reportServerError(error, { requestId, method: ctx.request.method, route: ctx.routePattern });
    }
    return errorResponse(error, ctx.locals.requestId);
  }
};

/**
 * The answer to an API request the database went away under (PostgreSQL restarting): 503 with
 * Retry-After, logged as a warning, not reported as a defect. Null for any other error. Used here
 * and by requestLog, which sees what fails before this step runs (the bearer token's session).
 */
export function lostConnectionAnswer(error: unknown, requestId: string): Response | null {
  if (error instanceof HttpError || !isConnectionLost(error)) return null;
  log.warn({ area: 'db', code: codeOf(error) }, 'Request failed: the database connection was lost');
  return errorResponse(databaseUnavailable(), requestId);
}

function codeOf(error: unknown): string | undefined {
  const code =
    (error as { code?: unknown; cause?: { code?: unknown } }).code ??
    (error as { cause?: { code?: unknown } }).cause?.code;
  return typeof code === 'string' ? code : undefined;
}

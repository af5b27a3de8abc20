import type { MiddlewareHandler } from 'astro';
import { errorResponse, HttpError } from '../http';

/**
 * Turns anything an /api endpoint throws into the failure envelope. Unknown
 * errors are logged with the request id and answered without internals.
 */
export const apiErrors: MiddlewareHandler = async (ctx, next) => {
  if (!ctx.url.pathname.startsWith('/api/')) return next();
  try {
    return await next();
  } catch (error) {
    if (!(error instanceof HttpError)) {
      console.error(`[${ctx.locals.requestId}] ${ctx.request.method} ${ctx.url.pathname} failed:`, error);
    }
    return errorResponse(error, ctx.locals.requestId);
  }
};

import type { MiddlewareHandler } from 'astro';
import { HttpError } from '~/lib/server/http/errors';
import { FORM_OVERHEAD_BYTES } from '~/lib/server/http/formData';
import {
  MAX_CAMPAIGN_FORM_BYTES,
  MAX_UPDATE_FORM_BYTES,
  MAX_VERIFICATION_FORM_BYTES,
} from '~/lib/server/http/multipart';
import { errorResponse } from '~/lib/server/http/responses';
import { MAX_IMAGE_BYTES } from '~/lib/server/platform/files';

/** Every body that is not an upload: JSON, gateway notifications, the simulator's form posts. */
export const MAX_BODY_BYTES = 64 * 1024;

/** The uploads, by path: the only routes allowed more than MAX_BODY_BYTES. */
const UPLOAD_LIMITS: readonly { path: RegExp; maxBytes: number }[] = [
  { path: /^\/api\/v1\/campaigns\/?$/, maxBytes: MAX_CAMPAIGN_FORM_BYTES },
  { path: /^\/api\/v1\/campaigns\/campaign-updates\/?$/, maxBytes: MAX_UPDATE_FORM_BYTES },
  { path: /^\/api\/v1\/campaigns\/[^/]+\/verification\/?$/, maxBytes: MAX_VERIFICATION_FORM_BYTES },
  { path: /^\/api\/v1\/campaigns\/[^/]+\/?$/, maxBytes: MAX_CAMPAIGN_FORM_BYTES },
  { path: /^\/api\/v1\/users\/[^/]+\/image\/?$/, maxBytes: MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES },
];

function sizeOf(bytes: number): string {
  return bytes < 1024 * 1024 ? `${Math.round(bytes / 1024)} KB` : `${Math.round(bytes / (1024 * 1024))} MB`;
}

/** 413 with the route's limit, for the envelope (API) or as plain text (pages). */
export function tooLargeError(maxBytes: number): HttpError {
  return new HttpError(413, `The request is too large. The maximum is ${sizeOf(maxBytes)}.`);
}

/** The 413, closing the connection: the rest of an oversized body is never read. */
function tooLargeResponse(pathname: string, error: HttpError, requestId: string): Response {
  const response = pathname.startsWith('/api/')
    ? errorResponse(error, requestId)
    : new Response(error.message, { status: 413, headers: { 'content-type': 'text/plain; charset=utf-8' } });
  response.headers.set('connection', 'close');
  return response;
}

/** The most bytes a request to `pathname` may send. */
export function bodyLimitFor(pathname: string): number {
  return UPLOAD_LIMITS.find((route) => route.path.test(pathname))?.maxBytes ?? MAX_BODY_BYTES;
}

/**
 * The body limit for every route, in one place, so no endpoint can forget it:
 * a declared Content-Length beyond the route's limit is a 413 before a byte is
 * read; a body without one (chunked) reaches the route through a counter that
 * fails the read with the same 413 as soon as it passes the limit.
 */
export const bodyLimit: MiddlewareHandler = async (ctx, next) => {
  const { request } = ctx;
  if (!request.body) return next();
  const maxBytes = bodyLimitFor(ctx.url.pathname);
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    // Node's parser delivers exactly Content-Length bytes, so the header is the whole story.
    if (Number(declared) > maxBytes)
      return tooLargeResponse(ctx.url.pathname, tooLargeError(maxBytes), ctx.locals.requestId);
    return next();
  }
  let received = 0;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(tooLargeError(maxBytes));
        else controller.enqueue(chunk);
      },
    }),
  );
  // `next(request)` hands the route this request instead of the original (same URL, same route).
  const limited = new Request(request.url, {
    method: request.method,
    headers: request.headers,
    body: counted,
    signal: request.signal,
    // @ts-expect-error Node's Request needs `duplex` for a streamed body; the DOM types lack it.
    duplex: 'half',
  });
  try {
    return await next(limited);
  } catch (error) {
    // A page that read past the limit (API routes already answered it as an envelope).
    if (error instanceof HttpError && error.status === 413)
      return tooLargeResponse(ctx.url.pathname, error, ctx.locals.requestId);
    throw error;
  }
};

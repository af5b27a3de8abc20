import type { MiddlewareHandler } from 'astro';
import { HttpError } from '~/lib/server/http/errors';
import { FORM_OVERHEAD_BYTES, IMAGE_TOO_LARGE, uploadTooLargeMessage } from '~/lib/server/http/formData';
import {
  MAX_CAMPAIGN_FORM_BYTES,
  MAX_ORGANISATION_FORM_BYTES,
  MAX_UPDATE_FORM_BYTES,
  MAX_VERIFICATION_FORM_BYTES,
} from '~/lib/server/http/multipart';
import { errorResponse } from '~/lib/server/http/responses';
import { MAX_IMAGE_BYTES } from '~/lib/server/platform/files';

/** Every body that is not an upload: JSON, gateway notifications, the simulator's form posts. */
export const MAX_BODY_BYTES = 64 * 1024;

/** What a route may send, and what it says when a body is larger. */
export interface BodyLimit {
  maxBytes: number;
  message: string;
}

const upload = (path: RegExp, maxBytes: number, message = uploadTooLargeMessage(maxBytes)) => ({
  path,
  limit: { maxBytes, message },
});

/** The uploads, by path: the only routes allowed more than MAX_BODY_BYTES, with their readers' own 413 message. */
const UPLOAD_LIMITS: readonly { path: RegExp; limit: BodyLimit }[] = [
  upload(/^\/api\/v1\/campaigns\/?$/, MAX_CAMPAIGN_FORM_BYTES),
  upload(/^\/api\/v1\/campaigns\/campaign-updates\/?$/, MAX_UPDATE_FORM_BYTES),
  upload(/^\/api\/v1\/campaigns\/[^/]+\/verification\/?$/, MAX_VERIFICATION_FORM_BYTES),
  upload(/^\/api\/v1\/campaigns\/[^/]+\/?$/, MAX_CAMPAIGN_FORM_BYTES),
  upload(/^\/api\/v1\/organizations\/?$/, MAX_ORGANISATION_FORM_BYTES),
  upload(/^\/api\/v1\/organizations\/[^/]+\/verification\/?$/, MAX_VERIFICATION_FORM_BYTES),
  upload(/^\/api\/v1\/organizations\/[^/]+\/?$/, MAX_ORGANISATION_FORM_BYTES),
  upload(/^\/api\/v1\/payouts\/bluetick-payout\/?$/, MAX_VERIFICATION_FORM_BYTES),
  upload(/^\/api\/v1\/users\/[^/]+\/image\/?$/, MAX_IMAGE_BYTES + FORM_OVERHEAD_BYTES, IMAGE_TOO_LARGE),
];

const DEFAULT_LIMIT: BodyLimit = {
  maxBytes: MAX_BODY_BYTES,
  message: `The request is too large. The maximum is ${MAX_BODY_BYTES / 1024} KB.`,
};

/** The most bytes a request to `pathname` may send, and the 413's message. */
export function bodyLimitFor(pathname: string): BodyLimit {
  return UPLOAD_LIMITS.find((route) => route.path.test(pathname))?.limit ?? DEFAULT_LIMIT;
}

/**
 * The 413 as the envelope (API) or plain text (pages). The connection stays
 * open: Node discards the rest of the body without keeping it, and a browser
 * still mid-upload then shows this message rather than a network error.
 */
function tooLargeResponse(pathname: string, error: HttpError, requestId: string): Response {
  if (pathname.startsWith('/api/')) return errorResponse(error, requestId);
  return new Response(error.message, {
    status: 413,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
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
  const { maxBytes, message } = bodyLimitFor(ctx.url.pathname);
  const declared = request.headers.get('content-length');
  if (declared !== null) {
    // Node's parser delivers exactly Content-Length bytes, so the header is the whole story.
    if (Number(declared) > maxBytes)
      return tooLargeResponse(ctx.url.pathname, new HttpError(413, message), ctx.locals.requestId);
    return next();
  }
  let received = 0;
  const counted = request.body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(new HttpError(413, message));
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
  let response: Response;
  try {
    response = await next(limited);
  } catch (error) {
    // A page that read past the limit (API routes already answered it as an envelope).
    if (!(error instanceof HttpError && error.status === 413)) throw error;
    response = tooLargeResponse(ctx.url.pathname, error, ctx.locals.requestId);
  }
  // The body was cut off mid-stream, so the connection cannot carry another request: say so.
  if (received > maxBytes) response.headers.set('connection', 'close');
  return response;
};

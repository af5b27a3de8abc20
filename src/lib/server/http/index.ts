import type { APIContext } from 'astro';

/** Field name → its messages, as the failure envelope's `data`. */
export type FieldErrors = Record<string, string[]>;

export interface ApiError {
  code: string;
  field?: string;
  displayMessage: string;
}

/**
 * The one error type services throw. The API turns it into the failure
 * envelope of DESIGN.md §4 in one place (`errorResponse`).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: FieldErrors | null = null,
    readonly code: string = codeForStatus(status),
    /** Extra response headers, e.g. `retry-after` on a 429. */
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

function codeForStatus(status: number): string {
  const codes: Record<number, string> = {
    400: 'bad_request',
    401: 'unauthenticated',
    403: 'forbidden',
    404: 'not_found',
    405: 'method_not_allowed',
    409: 'conflict',
    413: 'too_large',
    429: 'rate_limited',
  };
  return codes[status] ?? 'internal_error';
}

export const badRequest = (message: string, fieldErrors?: FieldErrors): HttpError =>
  new HttpError(400, message, fieldErrors ?? null, fieldErrors ? 'validation_failed' : 'bad_request');
export const unauthenticated = (message = 'Please log in to continue.'): HttpError =>
  new HttpError(401, message);
export const forbidden = (message = 'You do not have permission to do that.'): HttpError =>
  new HttpError(403, message);
export const notFound = (message = 'Not found.'): HttpError => new HttpError(404, message);
export const conflict = (message: string): HttpError => new HttpError(409, message);

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** The success envelope: `{ data, meta: { message? } }`. */
export function ok<T>(
  data: T,
  message?: string,
  init: { status?: number; headers?: HeadersInit } = {},
): Response {
  const body = { data, meta: message === undefined ? {} : { message } };
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { ...JSON_HEADERS, ...Object.fromEntries(new Headers(init.headers)) },
  });
}

/** Like `ok`, but cacheable by browsers and proxies for `maxAge` seconds (public lookups). */
export function okCached<T>(data: T, maxAge: number): Response {
  return ok(data, undefined, { headers: { 'cache-control': `public, max-age=${maxAge}` } });
}

export interface Pagination {
  totalCount: number;
  pageCount: number;
  pageNo: number;
  pageSize: number;
}

export function paginationOf(totalCount: number, pageNo: number, pageSize: number): Pagination {
  return { totalCount, pageCount: Math.ceil(totalCount / pageSize), pageNo, pageSize };
}

/** The failure envelope for any thrown value; unknown errors become a 500 naming only the request id. */
export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof HttpError) {
    const errors: ApiError[] = error.fieldErrors
      ? Object.entries(error.fieldErrors).flatMap(([field, messages]) =>
          messages.map((displayMessage) => ({ code: error.code, field, displayMessage })),
        )
      : [{ code: error.code, displayMessage: error.message }];
    const body = { data: error.fieldErrors, meta: { message: error.message }, errors };
    return new Response(JSON.stringify(body), {
      status: error.status,
      headers: { ...JSON_HEADERS, ...error.headers },
    });
  }
  const message = `Something went wrong on our side. Please try again; if it keeps happening, quote request id ${requestId}.`;
  const body = {
    data: null,
    meta: { message, requestId },
    errors: [{ code: 'internal_error', displayMessage: message }],
  };
  return new Response(JSON.stringify(body), { status: 500, headers: JSON_HEADERS });
}

/** Reads a JSON body; malformed or non-object JSON is a 400 rather than a 500. */
export async function readJson(ctx: Pick<APIContext, 'request'>): Promise<Record<string, unknown>> {
  const text = await ctx.request.text();
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through to the 400 below
  }
  throw badRequest('The request body is not valid JSON.');
}

/** A positive integer from a query parameter, or the fallback when absent or malformed. */
export function intParam(
  value: string | null | undefined,
  fallback: number,
  max = Number.MAX_SAFE_INTEGER,
): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? Math.min(n, max) : fallback;
}

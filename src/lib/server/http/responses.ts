import type { ApiError, Envelope, FailureEnvelope } from '~/lib/contracts/common';
import { HttpError } from './errors';

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** The success envelope: `{ data, meta: { message? } }`. */
export function ok<T>(
  data: T,
  message?: string,
  init: { status?: number; headers?: HeadersInit } = {},
): Response {
  const body: Envelope<T> = { data, meta: message === undefined ? {} : { message } };
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { ...JSON_HEADERS, ...Object.fromEntries(new Headers(init.headers)) },
  });
}

/** Like `ok`, but cacheable by browsers and proxies for `maxAge` seconds (public lookups). */
export function okCached<T>(data: T, maxAge: number): Response {
  return ok(data, undefined, { headers: { 'cache-control': `public, max-age=${maxAge}` } });
}

/** A CSV download, never cached by anyone but the caller (it names donors). */
export function csvFile(csv: string, filename: string): Response {
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
}

/** The failure envelope for any thrown value; unknown errors become a 500 naming only the request id. */
export function errorResponse(error: unknown, requestId: string): Response {
  if (error instanceof HttpError) {
    const errors: ApiError[] = error.fieldErrors
      ? Object.entries(error.fieldErrors).flatMap(([field, messages]) =>
          messages.map((displayMessage) => ({ code: error.code, field, displayMessage })),
        )
      : [{ code: error.code, displayMessage: error.message }];
    const body: FailureEnvelope = { data: error.fieldErrors, meta: { message: error.message }, errors };
    return new Response(JSON.stringify(body), {
      status: error.status,
      headers: { ...JSON_HEADERS, ...error.headers },
    });
  }
  const message = `Something went wrong on our side. Please try again; if it keeps happening, quote request id ${requestId}.`;
  const body: FailureEnvelope = {
    data: null,
    meta: { message, requestId },
    errors: [{ code: 'internal_error', displayMessage: message }],
  };
  return new Response(JSON.stringify(body), { status: 500, headers: JSON_HEADERS });
}

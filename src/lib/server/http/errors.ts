import type { FieldErrors } from '~/lib/contracts/common';

export type { FieldErrors };

/**
 * The one error type services throw. The API turns it into the failure
 * envelope of DESIGN.md §4 in one place (`errorResponse` in ./responses).
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

import type { FieldErrors } from '~/lib/contracts/common';
import { m } from '~/lib/i18n';

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
// The defaults speak the request's language (DESIGN §11); their English is word for word as before.
export const unauthenticated = (message: string = m.layout_error_sign_in()): HttpError =>
  new HttpError(401, message);
export const forbidden = (message: string = m.layout_error_forbidden()): HttpError =>
  new HttpError(403, message);
export const notFound = (message: string = m.layout_error_not_found()): HttpError =>
  new HttpError(404, message);
export const conflict = (message: string): HttpError => new HttpError(409, message);
/** The database was out of reach for a moment (a restart): nothing was changed, and asking again can work. */
export const databaseUnavailable = (): HttpError =>
  new HttpError(503, m.layout_error_database_unavailable(), null, 'unavailable', { 'retry-after': '5' });

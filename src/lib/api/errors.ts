import type { Notification } from '~/lib/browser/notifications';
import type { ApiError, FailureEnvelope, FieldErrors } from '~/lib/contracts/common';

/**
 * SPEC §8's response and store error rules as pure decisions, so they can be
 * tested without a browser. src/lib/api/client.ts and the stores carry them out.
 */

/** One entry of the failure envelope's `errors`, as read from any answer (a code may be missing). */
type ApiErrorEntry = Omit<ApiError, 'code'> & Partial<Pick<ApiError, 'code'>>;

/**
 * What is read of a failure envelope (FailureEnvelope): anything else (HTML
 * from a proxy, text, nothing) reads as an empty one, without a meta message.
 */
export interface ApiFailureBody {
  data: FailureEnvelope['data'];
  meta: Partial<Pick<FailureEnvelope['meta'], 'message'>>;
  errors: ApiErrorEntry[];
}

export const LOGIN_PATH = '/auth/login';
export const NOT_FOUND_PATH = '/misc/404';

export const GENERIC_ERROR_MESSAGE = 'Something went wrong, please try again';
const RESET_PASSWORD_FALLBACK = 'One or more validation errors have occured';
const SET_PASSWORD_FALLBACK = 'One or more validation errors have occurred';

/** Toast durations of SPEC §8 (milliseconds). */
const BAD_REQUEST_TOAST_MS = 2500;
export const STORE_ERROR_TOAST_MS = 3000;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Field → messages, keeping only fields that have at least one message. */
function fieldErrorsOf(value: unknown): FieldErrors | null {
  if (!isRecord(value)) return null;
  const fields: FieldErrors = {};
  for (const [field, messages] of Object.entries(value)) {
    const list = (Array.isArray(messages) ? messages : [messages]).filter(
      (m): m is string => typeof m === 'string' && m !== '',
    );
    if (list.length > 0) fields[field] = list;
  }
  return Object.keys(fields).length > 0 ? fields : null;
}

/** Reads whatever part of a failure envelope is there; anything else (HTML, text, nothing) gives an empty body. */
export function parseFailureBody(value: unknown): ApiFailureBody {
  const body = isRecord(value) ? value : {};
  const meta = isRecord(body.meta) ? body.meta : {};
  const errors = Array.isArray(body.errors)
    ? body.errors.flatMap((entry): ApiErrorEntry[] => {
        if (!isRecord(entry) || typeof entry.displayMessage !== 'string' || entry.displayMessage === '')
          return [];
        return [
          {
            displayMessage: entry.displayMessage,
            ...(typeof entry.code === 'string' ? { code: entry.code } : {}),
            ...(typeof entry.field === 'string' ? { field: entry.field } : {}),
          },
        ];
      })
    : [];
  return {
    data: fieldErrorsOf(body.data),
    meta: typeof meta.message === 'string' && meta.message !== '' ? { message: meta.message } : {},
    errors,
  };
}

/** SPEC §8: "first field name plus its first message becomes the display message", e.g. `email: Invalid email format.` */
export function firstFieldMessage(data: FieldErrors | null): string | null {
  const [field, messages] = Object.entries(data ?? {})[0] ?? [];
  const message = messages?.[0];
  return field && message ? `${field}: ${message}` : null;
}

/** The one-line message of a failed response: the first field's message when there is a data object, else the meta message. */
export function displayMessageOf(body: ApiFailureBody): string | null {
  return firstFieldMessage(body.data) ?? body.meta.message ?? body.errors[0]?.displayMessage ?? null;
}

const onLoginPage = (pathname: string): boolean => pathname.replace(/\/+$/, '') === LOGIN_PATH;

/** What the client does on its own about a failed response (401 is handled by the refresh logic). */
export type ResponseAction =
  | { kind: 'redirect'; to: string }
  | { kind: 'toast'; notification: Notification }
  | { kind: 'none' };

/**
 * SPEC §8 response handling: 403 goes to /misc/404 unless on the login page;
 * a 400 with a meta message shows it as an error toast for 2.5 s. The toast id
 * joins the request id and the text, so the store's toast for the same answer
 * is not shown twice while a second attempt still shows.
 */
export function responseAction(
  status: number,
  body: ApiFailureBody,
  pathname: string,
  requestId: string | null,
): ResponseAction {
  if (status === 403)
    return onLoginPage(pathname) ? { kind: 'none' } : { kind: 'redirect', to: NOT_FOUND_PATH };
  if (status === 400 && body.meta.message) {
    const message = body.meta.message;
    return {
      kind: 'toast',
      notification: {
        ...notificationId(requestId, message),
        type: 'error',
        message,
        duration: BAD_REQUEST_TOAST_MS,
      },
    };
  }
  return { kind: 'none' };
}

function notificationId(requestId: string | null, message: string): { id?: string } {
  return requestId ? { id: `${requestId}:${message}` } : {};
}

/**
 * SPEC §8 store errors: each entry of the errors list as an error toast (3 s);
 * when there is none, the fallback ('Something went wrong, please try again'
 * unless the caller has a better one, e.g. passwordFailureMessage).
 */
export function storeErrorNotifications(
  body: ApiFailureBody,
  requestId: string | null,
  fallback: string = GENERIC_ERROR_MESSAGE,
): Notification[] {
  if (body.errors.length === 0) {
    return [
      {
        ...notificationId(requestId, fallback),
        type: 'error',
        message: fallback,
        duration: STORE_ERROR_TOAST_MS,
      },
    ];
  }
  const seen = new Set<string>();
  return body.errors.flatMap(({ displayMessage }) => {
    if (seen.has(displayMessage)) return [];
    seen.add(displayMessage);
    return [
      {
        ...notificationId(requestId, displayMessage),
        type: 'error' as const,
        message: displayMessage,
        duration: STORE_ERROR_TOAST_MS,
      },
    ];
  });
}

/**
 * The message a reset or set-password page shows for a failure (SPEC §8):
 * the first listed error, else the meta message, else the SPEC's fallback
 * (spelt 'occured' for reset and 'occurred' for set-password, as in the SPEC).
 */
export function passwordFailureMessage(body: ApiFailureBody, kind: 'reset' | 'set'): string {
  return (
    body.errors[0]?.displayMessage ??
    body.meta.message ??
    (kind === 'reset' ? RESET_PASSWORD_FALLBACK : SET_PASSWORD_FALLBACK)
  );
}

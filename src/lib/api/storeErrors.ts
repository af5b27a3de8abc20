import { isHTTPError } from 'ky';
import { raiseNotification } from '~/lib/browser/notifications';
import { REQUEST_ID_HEADER } from './client';
import { type ApiFailureBody, parseFailureBody, storeErrorNotifications } from './errors';
import { isSessionExpired } from './refresh';

/** The failure envelope of an error from the API clients; empty for network failures and other errors. */
export function failureBodyOf(error: unknown): ApiFailureBody {
  return parseFailureBody(isHTTPError(error) ? error.data : undefined);
}

/**
 * SPEC §8 store errors: each listed error as a 3 s toast, else 'Something went
 * wrong, please try again'. Nothing for an expired session: the login page says so.
 */
export function notifyStoreError(error: unknown, fallback?: (body: ApiFailureBody) => string): void {
  if (isSessionExpired(error)) return;
  if (!isHTTPError(error)) console.error(error);
  const requestId = isHTTPError(error) ? error.response.headers.get(REQUEST_ID_HEADER) : null;
  const body = failureBodyOf(error);
  for (const notification of storeErrorNotifications(body, requestId, fallback?.(body)))
    raiseNotification(notification);
}

import ky, {
  type BeforeErrorHook,
  type BeforeRequestHook,
  type BeforeRetryHook,
  isHTTPError,
  type KyInstance,
} from 'ky';
import type { Notification } from '~/lib/browser/notifications';
import { displayMessageOf, parseFailureBody, responseAction } from './errors';
import { bearerTokenOf } from './refresh';

export interface ApiClients {
  /** JSON with the bearer access token; a 401 refreshes the session and retries once. */
  api: KyInstance;
  /** Multipart form data with the bearer access token; same 401 handling. */
  uploadApi: KyInstance;
  /** JSON, no token (public pages). */
  publicApi: KyInstance;
  /** JSON, no token, for the authentication calls themselves (login, refresh…). */
  authApi: KyInstance;
}

export interface ApiClientDeps {
  /** `/api/v1` in the browser; tests pass an absolute URL. */
  prefix: string;
  fetch?: typeof fetch;
  getAccessToken: () => string | undefined;
  /** Resolves to the access token to retry a 401 with (see createRefresher); rejects when the session is over. */
  renewAccessToken: (sentToken: string | undefined) => Promise<string>;
  pathname: () => string;
  navigate: (to: string) => void;
  notify: (notification: Notification) => void;
  /** Server errors (5xx) only go to the error-reporting service (SPEC §8). */
  report: (error: Error) => void;
  /** The page's language (`zu`, `af` …): sent as Accept-Language, so the API's messages speak it (DESIGN §11). */
  language?: () => string;
}

const ALL_METHODS = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'];

export const REQUEST_ID_HEADER = 'x-request-id';

/**
 * A request's `context: { quietCodes: [...] }`: error codes its caller answers
 * itself, in the same press, so they get no toast (the login form's
 * `captcha_required`, which it answers by solving the captcha). `quietFields`:
 * a refusal naming only these fields is answered by the caller too (a visitor's
 * donation refused for its captcha answer, which it makes again and resends).
 */
function answeredByCaller(
  body: ReturnType<typeof parseFailureBody>,
  context: Record<string, unknown>,
): boolean {
  const { quietCodes, quietFields } = context as { quietCodes?: unknown; quietFields?: unknown };
  const quiet: unknown[] = Array.isArray(quietCodes) ? quietCodes : [];
  if (body.errors.some((e) => quiet.includes(e.code))) return true;
  const fields: unknown[] = Array.isArray(quietFields) ? quietFields : [];
  const named = Object.keys(body.data ?? {});
  return named.length > 0 && named.every((field) => fields.includes(field));
}

/**
 * The four clients of SPEC §7 with the response rules of §8. No timeout (§7).
 * Only a 401 on an authenticated client is ever retried, and only once.
 */
export function createApiClients(deps: ApiClientDeps): ApiClients {
  const attachToken: BeforeRequestHook = ({ request }) => {
    const token = deps.getAccessToken();
    if (token) request.headers.set('authorization', `Bearer ${token}`);
  };

  const renewOn401: BeforeRetryHook = async ({ request, error }) => {
    // Only 401s reach here (shouldRetry below); a SessionExpiredError thrown here reaches the caller as is.
    const sent = isHTTPError(error) ? bearerTokenOf(error.request.headers.get('authorization')) : undefined;
    const token = await deps.renewAccessToken(sent);
    request.headers.set('authorization', `Bearer ${token}`);
  };

  const applyResponseRules: BeforeErrorHook = ({ error, options }) => {
    if (!isHTTPError(error)) return error;
    const { status, headers } = error.response;
    if (status >= 500) deps.report(error);
    const body = parseFailureBody(error.data);
    const message = displayMessageOf(body);
    if (message) error.message = message;
    const action = responseAction(status, body, deps.pathname(), headers.get(REQUEST_ID_HEADER));
    if (action.kind === 'redirect') deps.navigate(action.to);
    if (action.kind === 'toast' && !answeredByCaller(body, options.context)) deps.notify(action.notification);
    return error;
  };

  const speakPageLanguage: BeforeRequestHook = ({ request }) => {
    const language = deps.language?.();
    if (language && !request.headers.has('accept-language')) request.headers.set('accept-language', language);
  };

  const base = ky.create({
    prefix: deps.prefix,
    timeout: false,
    retry: 0,
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
    hooks: { beforeRequest: [speakPageLanguage], beforeError: [applyResponseRules] },
  });

  const authenticated = base.extend({
    retry: {
      limit: 1,
      methods: ALL_METHODS,
      statusCodes: [401],
      afterStatusCodes: [],
      delay: () => 0,
      shouldRetry: ({ error }) => isHTTPError(error) && error.response.status === 401,
    },
    hooks: { beforeRequest: [attachToken], beforeRetry: [renewOn401] },
  });

  const json = { accept: 'application/json' };
  return {
    api: authenticated.extend({ headers: json }),
    // No content-type: fetch sets multipart/form-data with its boundary from the FormData body.
    uploadApi: authenticated.extend({ headers: json }),
    publicApi: base.extend({ headers: json }),
    authApi: base.extend({ headers: json }),
  };
}

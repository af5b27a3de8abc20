import { HTTPError } from 'ky';
import { describe, expect, it, vi } from 'vitest';
import { type ApiClientDeps, createApiClients } from '~/lib/api/client';
import {
  displayMessageOf,
  firstFieldMessage,
  parseFailureBody,
  passwordFailureMessage,
  responseAction,
  storeErrorNotifications,
} from '~/lib/api/errors';
import {
  createRefresher,
  isSessionExpired,
  refreshTokenProblem,
  SESSION_EXPIRED,
  SessionExpiredError,
} from '~/lib/api/refresh';
import type { Notification } from '~/lib/browser/notifications';
import type { AuthTokens } from '~/lib/contracts/accounts';

const ORIGIN = 'http://letsema.test';
const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');
const jwt = (claims: object): string => `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(claims)}.sig`;
const nowSeconds = (): number => Math.floor(Date.now() / 1000);

const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', ...headers },
  });

const failure = (status: number, message: string, data: Record<string, string[]> | null = null) =>
  json(
    status,
    {
      data,
      meta: { message },
      errors: data
        ? Object.entries(data).flatMap(([field, ms]) =>
            ms.map((displayMessage) => ({ field, displayMessage })),
          )
        : [{ code: 'x', displayMessage: message }],
    },
    { 'x-request-id': 'req-1' },
  );

interface Harness {
  clients: ReturnType<typeof createApiClients>;
  tokens: { access: string | undefined; refresh: string | undefined };
  calls: { url: string; method: string; authorization: string | null; body: string }[];
  refreshCalls: () => number;
  expired: string[];
  navigated: string[];
  toasts: Notification[];
  setPath: (path: string) => void;
}

/**
 * The four clients against a stubbed fetch: `/api/v1/authentication/refresh`
 * issues new tokens (or refuses); every other path answers `route(request)`.
 */
function harness(options: {
  route: (request: Request, authorization: string | null) => Response | Promise<Response>;
  refresh?: (refreshToken: string) => Response;
  access?: string;
  refreshToken?: string;
}): Harness {
  const tokens = { access: options.access, refresh: options.refreshToken };
  const calls: Harness['calls'] = [];
  const expired: string[] = [];
  const navigated: string[] = [];
  const toasts: Notification[] = [];
  let pathname = '/profile';
  let refreshes = 0;
  let issued = 0;

  const fetchStub = async (input: Request): Promise<Response> => {
    const body = await input.clone().text();
    const authorization = input.headers.get('authorization');
    calls.push({ url: input.url, method: input.method, authorization, body });
    if (new URL(input.url).pathname === '/api/v1/authentication/refresh') {
      refreshes += 1;
      const { refreshToken } = JSON.parse(body) as { refreshToken: string };
      // Slow enough that concurrent 401s arrive while it is in flight.
      await new Promise((r) => setTimeout(r, 20));
      if (options.refresh) return options.refresh(refreshToken);
      issued += 1;
      return json(200, {
        data: { accessToken: `access-${issued}`, refreshToken: jwt({ exp: nowSeconds() + 3600, n: issued }) },
        meta: {},
      });
    }
    return options.route(input, authorization);
  };

  let clients: ReturnType<typeof createApiClients>;
  const renew = createRefresher({
    getAccessToken: () => tokens.access,
    getRefreshToken: () => tokens.refresh,
    requestRefresh: async (refreshToken) => {
      const body = await clients.authApi
        .post('authentication/refresh', { json: { refreshToken } })
        .json<{ data: AuthTokens }>();
      return body.data;
    },
    storeTokens: (t) => {
      tokens.access = t.accessToken;
      tokens.refresh = t.refreshToken;
    },
    expireSession: (reason) => {
      expired.push(reason);
      tokens.access = undefined;
      tokens.refresh = undefined;
    },
  });
  const deps: ApiClientDeps = {
    prefix: `${ORIGIN}/api/v1`,
    fetch: fetchStub as typeof fetch,
    getAccessToken: () => tokens.access,
    renewAccessToken: renew,
    pathname: () => pathname,
    navigate: (to) => navigated.push(to),
    notify: (n) => toasts.push(n),
    report: () => {},
  };
  clients = createApiClients(deps);
  return {
    clients,
    tokens,
    calls,
    refreshCalls: () => refreshes,
    expired,
    navigated,
    toasts,
    setPath: (path) => {
      pathname = path;
    },
  };
}

/** A server that accepts only `access-N` tokens it issued; anything else is 401. */
const acceptsIssuedTokens = (_request: Request, authorization: string | null): Response =>
  authorization?.startsWith('Bearer access-')
    ? json(200, { data: { ok: authorization.slice(7) }, meta: {} })
    : failure(401, 'Your session has expired.');

const liveRefreshToken = (): string => jwt({ sub: 'u1', exp: nowSeconds() + 3600 });

describe('401: refresh and retry', () => {
  it('sends the bearer token on api and uploadApi, none on publicApi and authApi', async () => {
    const h = harness({ route: () => json(200, { data: null, meta: {} }), access: 'tok' });
    await h.clients.api.get('users/1').json();
    await h.clients.uploadApi.patch('users/1/image', { body: new FormData() }).json();
    await h.clients.publicApi.get('banner').json();
    await h.clients.authApi.post('authentication/login/', { json: {} }).json();
    expect(h.calls.map((c) => c.authorization)).toEqual(['Bearer tok', 'Bearer tok', null, null]);
    expect(h.calls[0]?.url).toBe(`${ORIGIN}/api/v1/users/1`);
  });

  it('refreshes once for three concurrent 401s and retries each with the new token', async () => {
    const h = harness({ route: acceptsIssuedTokens, access: 'stale', refreshToken: liveRefreshToken() });
    const results = await Promise.all(
      ['a', 'b', 'c'].map((id) => h.clients.api.get(`things/${id}`).json<{ data: { ok: string } }>()),
    );
    expect(results.map((r) => r.data.ok)).toEqual(['access-1', 'access-1', 'access-1']);
    expect(h.refreshCalls()).toBe(1);
    expect(h.tokens.access).toBe('access-1');
    // 3 refused, 1 refresh, 3 retried.
    expect(h.calls).toHaveLength(7);
  });

  it('retries a POST with its body', async () => {
    const h = harness({ route: acceptsIssuedTokens, access: 'stale', refreshToken: liveRefreshToken() });
    await h.clients.api.patch('users', { json: { firstName: 'Thandi' } }).json();
    const patches = h.calls.filter((c) => c.method === 'PATCH');
    expect(patches.map((c) => [c.authorization, c.body])).toEqual([
      ['Bearer stale', '{"firstName":"Thandi"}'],
      ['Bearer access-1', '{"firstName":"Thandi"}'],
    ]);
  });

  it('retries only once: a second 401 is the caller’s error', async () => {
    const h = harness({
      route: () => failure(401, 'Please log in to continue.'),
      access: 'stale',
      refreshToken: liveRefreshToken(),
    });
    const error = await h.clients.api
      .get('users/1')
      .json()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HTTPError);
    expect((error as HTTPError).response.status).toBe(401);
    expect(h.refreshCalls()).toBe(1);
    expect(h.calls.filter((c) => c.url.endsWith('/users/1'))).toHaveLength(2);
  });

  it('does not refresh for the unauthenticated clients', async () => {
    const h = harness({
      route: () => failure(401, 'nope'),
      access: 'stale',
      refreshToken: liveRefreshToken(),
    });
    await expect(h.clients.publicApi.get('banner').json()).rejects.toBeInstanceOf(HTTPError);
    await expect(h.clients.authApi.post('authentication/login/').json()).rejects.toBeInstanceOf(HTTPError);
    expect(h.refreshCalls()).toBe(0);
  });

  it('does not retry other failures (5xx, 400)', async () => {
    const h = harness({ route: () => failure(500, 'boom'), access: 'tok', refreshToken: liveRefreshToken() });
    await expect(h.clients.api.get('x').json()).rejects.toBeInstanceOf(HTTPError);
    await expect(h.clients.api.post('x', { json: {} }).json()).rejects.toBeInstanceOf(HTTPError);
    expect(h.calls).toHaveLength(2);
  });
});

describe('session expired', () => {
  it('without a refresh token: "Session expired: no refresh token found", once for concurrent calls', async () => {
    const h = harness({ route: acceptsIssuedTokens, access: 'stale' });
    const errors = await Promise.all(
      [1, 2].map((n) =>
        h.clients.api
          .get(`things/${n}`)
          .json()
          .catch((e: unknown) => e),
      ),
    );
    for (const error of errors) {
      expect(isSessionExpired(error)).toBe(true);
      expect((error as Error).message).toBe(SESSION_EXPIRED.noRefreshToken);
    }
    expect(h.expired).toEqual([SESSION_EXPIRED.noRefreshToken]);
    expect(h.refreshCalls()).toBe(0);
  });

  it('with an expired refresh token: "Session expired: refresh token expired", without asking the server', async () => {
    const h = harness({
      route: acceptsIssuedTokens,
      access: 'stale',
      refreshToken: jwt({ sub: 'u1', exp: nowSeconds() - 60 }),
    });
    const error = await h.clients.api
      .get('users/1')
      .json()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionExpiredError);
    expect((error as Error).message).toBe(SESSION_EXPIRED.refreshTokenExpired);
    expect(h.expired).toEqual([SESSION_EXPIRED.refreshTokenExpired]);
    expect(h.refreshCalls()).toBe(0);
    expect(h.tokens).toEqual({ access: undefined, refresh: undefined });
  });

  it('when the server refuses the refresh: the same path', async () => {
    const h = harness({
      route: acceptsIssuedTokens,
      access: 'stale',
      refreshToken: liveRefreshToken(),
      refresh: () => failure(401, 'Session expired'),
    });
    const error = await h.clients.api
      .get('users/1')
      .json()
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe(SESSION_EXPIRED.refreshRefused);
    expect(h.expired).toEqual([SESSION_EXPIRED.refreshRefused]);
    expect(h.refreshCalls()).toBe(1);
  });

  it('reads the expiry from the refresh token payload', () => {
    const now = Date.UTC(2025, 0, 1);
    const at = (s: number): string => jwt({ exp: now / 1000 + s });
    expect(refreshTokenProblem(undefined, now)).toBe(SESSION_EXPIRED.noRefreshToken);
    expect(refreshTokenProblem('', now)).toBe(SESSION_EXPIRED.noRefreshToken);
    expect(refreshTokenProblem(at(-1), now)).toBe(SESSION_EXPIRED.refreshTokenExpired);
    expect(refreshTokenProblem(at(0), now)).toBe(SESSION_EXPIRED.refreshTokenExpired);
    expect(refreshTokenProblem(at(60), now)).toBeNull();
    // Unreadable: the server decides.
    expect(refreshTokenProblem('garbage', now)).toBeNull();
  });

  it('a 401 for a request sent with an older token retries with the stored one, without refreshing', async () => {
    const tokens = { access: 'new' as string | undefined };
    const requestRefresh = vi.fn(async () => ({ accessToken: 'newer', refreshToken: 'r' }));
    const renew = createRefresher({
      getAccessToken: () => tokens.access,
      getRefreshToken: () => liveRefreshToken(),
      requestRefresh,
      storeTokens: () => {},
      expireSession: () => {},
    });
    await expect(renew('old')).resolves.toBe('new');
    expect(requestRefresh).not.toHaveBeenCalled();
    await expect(renew('new')).resolves.toBe('newer');
    expect(requestRefresh).toHaveBeenCalledTimes(1);
  });
});

describe('403 and 400', () => {
  it('403 goes to /misc/404, except on the login page', async () => {
    const h = harness({ route: () => failure(403, 'You do not have permission to do that.'), access: 'tok' });
    await expect(h.clients.api.get('users/2').json()).rejects.toBeInstanceOf(HTTPError);
    expect(h.navigated).toEqual(['/misc/404']);
    h.setPath('/auth/login');
    await expect(h.clients.api.get('users/2').json()).rejects.toBeInstanceOf(HTTPError);
    h.setPath('/auth/login/');
    await expect(h.clients.authApi.get('x').json()).rejects.toBeInstanceOf(HTTPError);
    expect(h.navigated).toEqual(['/misc/404']);
  });

  it('400 with a meta message shows it as an error toast for 2.5 s', async () => {
    const h = harness({ route: () => failure(400, 'Incorrect email or password.') });
    const error = await h.clients.authApi
      .post('authentication/login/', { json: {} })
      .json()
      .catch((e: unknown) => e);
    expect(h.toasts).toEqual([
      {
        id: 'req-1:Incorrect email or password.',
        type: 'error',
        message: 'Incorrect email or password.',
        duration: 2500,
      },
    ]);
    expect((error as Error).message).toBe('Incorrect email or password.');
  });

  it('a 400 whose code the caller answers itself (context quietCodes) shows no toast', async () => {
    // The login form answers 'captcha_required' by solving the captcha in the same press.
    const h = harness({
      route: () =>
        json(
          400,
          {
            data: { recaptchaToken: ['Please complete the security check, then log in again.'] },
            meta: { message: 'Please complete the security check, then log in again.' },
            errors: [
              {
                code: 'captcha_required',
                displayMessage: 'Please complete the security check, then log in again.',
              },
            ],
          },
          { 'x-request-id': 'req-1' },
        ),
    });
    const quiet = { json: {}, context: { quietCodes: ['captcha_required'] } };
    await expect(h.clients.authApi.post('authentication/login/', quiet).json()).rejects.toBeInstanceOf(
      HTTPError,
    );
    expect(h.toasts).toEqual([]);
    // Without it, the toast as usual.
    await expect(h.clients.authApi.post('authentication/login/', { json: {} }).json()).rejects.toBeInstanceOf(
      HTTPError,
    );
    expect(h.toasts.map((t) => t.message)).toEqual([
      'Please complete the security check, then log in again.',
    ]);
  });

  it('a 400 naming only fields the caller answers itself (context quietFields) shows no toast; others do', async () => {
    // A visitor's donation refused for its captcha answer: the form makes another and resends it.
    let data: Record<string, string[]> = { recaptchaToken: ['Invalid reCAPTCHA token.'] };
    const h = harness({ route: () => failure(400, 'Invalid reCAPTCHA token.', data) });
    const quiet = { json: {}, context: { quietFields: ['recaptchaToken'] } };
    await expect(h.clients.publicApi.post('donations', quiet).json()).rejects.toBeInstanceOf(HTTPError);
    expect(h.toasts).toEqual([]);
    // A refusal that names another field too is the donor's to read: the toast as usual.
    data = { recaptchaToken: ['Invalid reCAPTCHA token.'], email: ['Invalid email format.'] };
    await expect(h.clients.publicApi.post('donations', quiet).json()).rejects.toBeInstanceOf(HTTPError);
    expect(h.toasts).toHaveLength(1);
  });

  it('other statuses show no toast of their own', () => {
    const body = parseFailureBody({ data: null, meta: { message: 'Conflict' }, errors: [] });
    expect(responseAction(409, body, '/auth/signup', 'r')).toEqual({ kind: 'none' });
    expect(responseAction(400, parseFailureBody({}), '/', 'r')).toEqual({ kind: 'none' });
  });

  it('an error body with a data object: the first field name and its first message become the message', async () => {
    const h = harness({
      route: () =>
        failure(400, 'Invalid email format.', {
          email: ['Invalid email format.', 'second'],
          password: ['Password must be at least 8 characters.'],
        }),
    });
    const error = await h.clients.authApi
      .post('authentication/register/', { json: {} })
      .json()
      .catch((e: unknown) => e);
    expect((error as Error).message).toBe('email: Invalid email format.');
    expect(firstFieldMessage({ firstName: ['First name should not contain any special characters'] })).toBe(
      'firstName: First name should not contain any special characters',
    );
    expect(firstFieldMessage(null)).toBeNull();
    expect(displayMessageOf(parseFailureBody({ data: null, meta: { message: 'Nope' } }))).toBe('Nope');
  });
});

describe('store errors', () => {
  it('shows each listed error for 3 s, once per text', () => {
    const body = parseFailureBody({
      data: { email: ['Invalid email format.'], password: ['Too short.'] },
      meta: { message: 'Invalid email format.' },
      errors: [
        { field: 'email', displayMessage: 'Invalid email format.' },
        { field: 'password', displayMessage: 'Too short.' },
        { field: 'password', displayMessage: 'Too short.' },
      ],
    });
    expect(storeErrorNotifications(body, 'r9')).toEqual([
      { id: 'r9:Invalid email format.', type: 'error', message: 'Invalid email format.', duration: 3000 },
      { id: 'r9:Too short.', type: 'error', message: 'Too short.', duration: 3000 },
    ]);
  });

  it('falls back to "Something went wrong, please try again"', () => {
    expect(storeErrorNotifications(parseFailureBody(undefined), null)).toEqual([
      { type: 'error', message: 'Something went wrong, please try again', duration: 3000 },
    ]);
    expect(storeErrorNotifications(parseFailureBody('<html>'), 'r')).toHaveLength(1);
  });

  it('reset and set-password failures: listed error, else meta message, else the SPEC fallback as spelt', () => {
    const listed = parseFailureBody({ meta: { message: 'm' }, errors: [{ displayMessage: 'listed' }] });
    expect(passwordFailureMessage(listed, 'reset')).toBe('listed');
    const metaOnly = parseFailureBody({ meta: { message: 'This link is invalid or has expired.' } });
    expect(passwordFailureMessage(metaOnly, 'set')).toBe('This link is invalid or has expired.');
    expect(passwordFailureMessage(parseFailureBody(null), 'reset')).toBe(
      'One or more validation errors have occured',
    );
    expect(passwordFailureMessage(parseFailureBody(null), 'set')).toBe(
      'One or more validation errors have occurred',
    );
  });
});

import { raiseNotification } from '~/lib/browser/notifications';
import type { AuthTokens } from '~/lib/contracts/accounts';
import type { Envelope } from '~/lib/contracts/common';
import { reportError } from '~/lib/reportError';
import { createApiClients } from './client';
import { createRefresher } from './refresh';

export type { Envelope } from '~/lib/contracts/common';

const API_PREFIX = '/api/v1';

/**
 * What the API clients need of the browser's session. The session's state lives in the stores
 * (src/stores/tokens.ts binds it when it loads), so this layer never imports a store.
 */
export interface ApiSession {
  getAccessToken: () => string | undefined;
  getRefreshToken: () => string | undefined;
  storeTokens: (tokens: AuthTokens) => void;
  /** SPEC §8's session-expired path (src/stores/session.ts). */
  expireSession: (reason: string) => void;
}

let session: ApiSession | null = null;

/** Gives the API clients the session they send and renew; src/stores/tokens.ts calls it as it loads. */
export function bindApiSession(bound: ApiSession): void {
  session = bound;
}

function boundSession(): ApiSession {
  if (!session)
    throw new Error('The API session is not bound: import ~/stores/tokens before calling the API.');
  return session;
}

/** Renews the access token after a 401 (one refresh at a time); see createRefresher. */
export const renewAccessToken = createRefresher({
  getAccessToken: () => boundSession().getAccessToken(),
  getRefreshToken: () => boundSession().getRefreshToken(),
  requestRefresh: async (refreshToken) => {
    const body = await authApi
      .post('authentication/refresh', { json: { refreshToken } })
      .json<Envelope<AuthTokens>>();
    const { accessToken, refreshToken: next } = body.data ?? {};
    if (!accessToken || !next) throw new Error('The refresh answer carried no tokens.');
    return { accessToken, refreshToken: next };
  },
  storeTokens: (tokens) => boundSession().storeTokens(tokens),
  expireSession: (reason) => boundSession().expireSession(reason),
});

export const { api, uploadApi, publicApi, authApi } = createApiClients({
  prefix: API_PREFIX,
  // No session bound yet: a request without a token (public calls need none).
  getAccessToken: () => session?.getAccessToken(),
  renewAccessToken,
  pathname: () => window.location.pathname,
  navigate: (to) => window.location.assign(to),
  notify: raiseNotification,
  report: (error) => reportError(error, { source: 'api' }),
  // The page's <html lang> (zu, af, en-ZA): the language its API messages come back in.
  language: () => document.documentElement.lang,
});

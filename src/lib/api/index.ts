import type { AuthTokens } from '~/lib/contracts/accounts';
import type { Envelope } from '~/lib/contracts/common';
import { reportError } from '~/lib/reportError';
import { notify } from '~/stores/toast';
import { $accessToken, $refreshToken, signIn } from '~/stores/tokens';
import { createApiClients } from './client';
import { createRefresher } from './refresh';
import { expireSession } from './session';

export type { Envelope } from '~/lib/contracts/common';

const API_PREFIX = '/api/v1';

/** Renews the access token after a 401 (one refresh at a time); see createRefresher. */
export const renewAccessToken = createRefresher({
  getAccessToken: () => $accessToken.get(),
  getRefreshToken: () => $refreshToken.get(),
  requestRefresh: async (refreshToken) => {
    const body = await authApi
      .post('authentication/refresh', { json: { refreshToken } })
      .json<Envelope<AuthTokens>>();
    const { accessToken, refreshToken: next } = body.data ?? {};
    if (!accessToken || !next) throw new Error('The refresh answer carried no tokens.');
    return { accessToken, refreshToken: next };
  },
  storeTokens: signIn,
  expireSession,
});

export const { api, uploadApi, publicApi, authApi } = createApiClients({
  prefix: API_PREFIX,
  getAccessToken: () => $accessToken.get(),
  renewAccessToken,
  pathname: () => window.location.pathname,
  navigate: (to) => window.location.assign(to),
  notify,
  report: (error) => reportError(error, { source: 'api' }),
  // The page's <html lang> (zu, af, en-ZA): the language its API messages come back in.
  language: () => document.documentElement.lang,
});

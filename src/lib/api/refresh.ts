import { decodeJwt } from 'jose';
import type { AuthTokens } from '~/lib/contracts/accounts';

/** SPEC §8: why a session could not be renewed. The user sees the toast 'Session expired'. */
export const SESSION_EXPIRED = {
  noRefreshToken: 'Session expired: no refresh token found',
  refreshTokenExpired: 'Session expired: refresh token expired',
  refreshRefused: 'Session expired: refresh token refused',
} as const;

export const SESSION_EXPIRED_TOAST = 'Session expired';
export const SESSION_EXPIRED_TOAST_MS = 2500;

/** Thrown to the caller of a request whose session could not be renewed; the page is already on its way to login. */
export class SessionExpiredError extends Error {
  override name = 'SessionExpiredError';
}

export const isSessionExpired = (error: unknown): error is SessionExpiredError =>
  error instanceof SessionExpiredError;

/**
 * Why the stored refresh token cannot be used, or null when it is worth
 * sending. The expiry is read from its payload (`exp`, seconds); a token the
 * browser cannot read is left for the server to refuse.
 */
export function refreshTokenProblem(token: string | undefined, nowMs: number): string | null {
  if (!token) return SESSION_EXPIRED.noRefreshToken;
  let exp: number | undefined;
  try {
    exp = decodeJwt(token).exp;
  } catch {
    return null;
  }
  return exp !== undefined && exp * 1000 <= nowMs ? SESSION_EXPIRED.refreshTokenExpired : null;
}

export interface RefresherDeps {
  getAccessToken: () => string | undefined;
  getRefreshToken: () => string | undefined;
  /** POST /authentication/refresh; rejects when the server refuses. */
  requestRefresh: (refreshToken: string) => Promise<AuthTokens>;
  storeTokens: (tokens: AuthTokens) => void;
  /** The session-expired path (save the return path, clear tokens, go to login, toast). */
  expireSession: (reason: string) => void;
  now?: () => number;
}

/**
 * A renewer of the access token for a request the server answered 401. Only
 * one refresh is in flight at a time: concurrent callers wait for the same
 * one. A caller whose request went out with an older token than the one now
 * stored (another request already refreshed) simply retries with the stored one.
 *
 * Resolves to the access token to retry with; rejects with SessionExpiredError
 * after running the session-expired path once.
 */
export function createRefresher(deps: RefresherDeps): (sentToken: string | undefined) => Promise<string> {
  const now = deps.now ?? Date.now;
  let inFlight: Promise<string> | null = null;
  // After the session-expired path, later 401s share its outcome until new tokens are stored.
  let ended: { refreshToken: string | undefined; error: SessionExpiredError } | null = null;

  const refresh = async (): Promise<string> => {
    const refreshToken = deps.getRefreshToken();
    const problem = refreshTokenProblem(refreshToken, now());
    if (problem || !refreshToken) {
      const reason = problem ?? SESSION_EXPIRED.noRefreshToken;
      deps.expireSession(reason);
      throw new SessionExpiredError(reason);
    }
    let tokens: AuthTokens;
    try {
      tokens = await deps.requestRefresh(refreshToken);
    } catch (cause) {
      deps.expireSession(SESSION_EXPIRED.refreshRefused);
      throw new SessionExpiredError(SESSION_EXPIRED.refreshRefused, { cause });
    }
    deps.storeTokens(tokens);
    return tokens.accessToken;
  };

  return (sentToken) => {
    if (inFlight) return inFlight;
    const current = deps.getAccessToken();
    if (current && sentToken !== undefined && current !== sentToken) return Promise.resolve(current);
    if (ended && ended.refreshToken === deps.getRefreshToken()) return Promise.reject(ended.error);
    inFlight = refresh()
      .catch((error: unknown) => {
        if (error instanceof SessionExpiredError) ended = { refreshToken: deps.getRefreshToken(), error };
        throw error;
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  };
}

/** The bearer token of an Authorization header, if any. */
export function bearerTokenOf(header: string | null): string | undefined {
  return header?.match(/^Bearer\s+(\S+)$/i)?.[1];
}

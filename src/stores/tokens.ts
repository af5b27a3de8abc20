import { persistentAtom } from '@nanostores/persistent';
import { decodeJwt } from 'jose';
import { computed } from 'nanostores';
import { bindApiSession } from '~/lib/api';
import type { AuthTokens } from '~/lib/contracts/accounts';
import { type CurrentUser, currentUserFromClaims } from '~/lib/currentUser';
import { expireSession } from './session';
import './storage';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY } from './storageKeys';

/**
 * The session's tokens (SPEC §3 `userAuthToken`, `userAuthRefreshToken`) and
 * the current user read from them. Kept apart from ./auth, whose actions call the
 * API. Loading this module binds the session to the API clients (bindApiSession).
 */

export const $accessToken = persistentAtom<string | undefined>(ACCESS_TOKEN_KEY, undefined);
export const $refreshToken = persistentAtom<string | undefined>(REFRESH_TOKEN_KEY, undefined);

/** The current user from an access token, or null when it is missing or not a JWT. Signatures are the server's concern. */
export function currentUserFromToken(token: string | undefined): CurrentUser | null {
  if (!token) return null;
  try {
    return currentUserFromClaims(decodeJwt(token));
  } catch {
    return null;
  }
}

export const $currentUser = computed($accessToken, currentUserFromToken);

/** Stores the tokens of a successful sign-in or refresh. */
export function signIn(tokens: AuthTokens): void {
  $accessToken.set(tokens.accessToken);
  $refreshToken.set(tokens.refreshToken);
}

/** Forgets the tokens without leaving the page (e.g. an expired session before redirecting). */
export function clearTokens(): void {
  $accessToken.set(undefined);
  $refreshToken.set(undefined);
}

bindApiSession({
  getAccessToken: () => $accessToken.get(),
  getRefreshToken: () => $refreshToken.get(),
  storeTokens: signIn,
  expireSession: (reason) => expireSession(reason, clearTokens),
});

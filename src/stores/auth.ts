import { persistentAtom } from '@nanostores/persistent';
import { decodeJwt } from 'jose';
import { computed } from 'nanostores';
import { clearLocalStorage } from './storage';

/** The signed-in user, from the access token's claims (SPEC §3 current user). */
export interface CurrentUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  msisdn: string | null;
  location: string | null;
  active: boolean;
  emailConfirmed: boolean;
  hasOrganization: boolean;
  isChampion: boolean;
}

export interface AuthTokens {
  accessToken: string;
  refreshToken: string;
}

export const LOGIN_PATH = '/auth/login';

export const $accessToken = persistentAtom<string | undefined>('userAuthToken', undefined);
export const $refreshToken = persistentAtom<string | undefined>('userAuthRefreshToken', undefined);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const optionalText = (value: unknown): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The current user from an access token, or null when it is missing or not a JWT. Signatures are the server's concern. */
export function currentUserFromToken(token: string | undefined): CurrentUser | null {
  if (!token) return null;
  try {
    const claims = decodeJwt(token);
    const id = text(claims.id) || text(claims.sub);
    if (!id) return null;
    return {
      id,
      firstName: text(claims.firstName),
      lastName: text(claims.lastName),
      email: text(claims.email),
      msisdn: optionalText(claims.msisdn),
      location: optionalText(claims.location),
      active: claims.active === true,
      emailConfirmed: claims.emailConfirmed === true,
      hasOrganization: claims.hasOrganization === true,
      isChampion: claims.isChampion === true,
    };
  } catch {
    return null;
  }
}

export const $currentUser = computed($accessToken, currentUserFromToken);
export const $isAuthenticated = computed($currentUser, (user) => user !== null);

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

/** Logout (SPEC §4): clears all local storage and state, then goes to the login page. */
export function signOut(): void {
  clearTokens();
  clearLocalStorage();
  window.location.assign(LOGIN_PATH);
}

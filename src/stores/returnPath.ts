import { browserStorage } from './storage';
import { RETURN_PATH_KEY } from './storageKeys';

/**
 * Where to go back to after logging in: a path on this site, not an auth page
 * (a return to /auth/login would loop; the invitation page, which needs a
 * signed-in invitee, is the exception) and not protocol-relative (`//host`).
 */
export function isSafeReturnPath(path: string | null | undefined): path is string {
  if (!path?.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return false;
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return !/^\/auth(\/|$)/.test(pathname) || pathname === '/auth/invitation';
}

/** Remembers a page to come back to after login (SPEC §8: "save the return path"), in sessionStorage. */
export function saveReturnPath(path: string): void {
  if (!isSafeReturnPath(path)) return;
  browserStorage('sessionStorage')?.setItem(RETURN_PATH_KEY, path);
}

/** The saved return path, removed as it is read; null when there is none or it is unsafe. */
export function takeReturnPath(): string | null {
  const storage = browserStorage('sessionStorage');
  const path = storage?.getItem(RETURN_PATH_KEY) ?? null;
  storage?.removeItem(RETURN_PATH_KEY);
  return isSafeReturnPath(path) ? path : null;
}

/** The page the browser is on, as a return path. */
export function currentPath(): string {
  const { pathname, search, hash } = window.location;
  return `${pathname}${search}${hash}`;
}

/** The saved return path, left in place (the login page reads it to say what waits after login). */
export function peekReturnPath(): string | null {
  const path = browserStorage('sessionStorage')?.getItem(RETURN_PATH_KEY) ?? null;
  return isSafeReturnPath(path) ? path : null;
}

/** The invitation token of a return path to /auth/invitation?token=…, else null. */
export function invitationTokenOf(path: string | null): string | null {
  if (!path?.startsWith('/auth/invitation?')) return null;
  const token = new URLSearchParams(path.slice(path.indexOf('?') + 1)).get('token')?.trim();
  return token || null;
}

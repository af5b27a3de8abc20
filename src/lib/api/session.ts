import { setFlash } from '~/stores/flash';
import { currentPath, saveReturnPath } from '~/stores/returnPath';
import { clearTokens } from '~/stores/tokens';
import { LOGIN_PATH } from './errors';
import { SESSION_EXPIRED_TOAST, SESSION_EXPIRED_TOAST_MS } from './refresh';

let expiring = false;

/**
 * SPEC §8's session-expired path: save the return path, clear the tokens, go
 * to the login page and show 'Session expired' there (2.5 s). Runs once per
 * page however many requests fail together.
 */
export function expireSession(reason: string): void {
  console.warn(reason);
  if (expiring) return;
  expiring = true;
  if (window.location.pathname.replace(/\/+$/, '') !== LOGIN_PATH) saveReturnPath(currentPath());
  clearTokens();
  setFlash(
    {
      id: 'session-expired',
      type: 'error',
      message: SESSION_EXPIRED_TOAST,
      duration: SESSION_EXPIRED_TOAST_MS,
    },
    LOGIN_PATH,
  );
  window.location.assign(LOGIN_PATH);
}

import { LOGIN_PATH } from '~/lib/api/errors';
import { SESSION_EXPIRED_TOAST_MS } from '~/lib/api/refresh';
import { href, m } from '~/lib/i18n';
import { setFlash } from './flash';
import { currentPath, saveReturnPath } from './returnPath';

let expiring = false;

/**
 * SPEC §8's session-expired path: save the return path, clear the tokens, go
 * to the login page and show 'Session expired' there (2.5 s). Runs once per
 * page however many requests fail together. `clearTokens` is src/stores/tokens.ts's, which calls this.
 */
export function expireSession(reason: string, clearTokens: () => void): void {
  console.warn(reason);
  if (expiring) return;
  expiring = true;
  // The login page in the page's language (issue 27): /zu/profile goes to /zu/auth/login.
  const loginPath = href(LOGIN_PATH);
  if (window.location.pathname.replace(/\/+$/, '') !== loginPath) saveReturnPath(currentPath());
  clearTokens();
  setFlash(
    {
      id: 'session-expired',
      type: 'error',
      // SESSION_EXPIRED_TOAST ('Session expired') in the page's language.
      message: m.auth_session_expired(),
      duration: SESSION_EXPIRED_TOAST_MS,
    },
    loginPath,
  );
  window.location.assign(loginPath);
}

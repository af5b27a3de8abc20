import type { ClientDirective } from 'astro';
import { LOGIN_PATH } from '../lib/api/errors';
import { ACCESS_TOKEN_KEY, REFRESH_TOKEN_KEY, RETURN_PATH_KEY } from '../stores/storageKeys';

/**
 * `client:signedin`, for the islands of protected pages (/profile): hydrates at once, as
 * client:load does, when the browser holds a session; a visitor with no stored token at all is
 * sent to the login page (with this page saved to come back to) before the island's code, React
 * included, is downloaded. A stored but expired session still hydrates: the island renews it or
 * sends the visitor on itself (useRequiredUser). Blocked storage hydrates too.
 */
const signedIn: ClientDirective = (load) => {
  let stored: boolean;
  try {
    stored = Boolean(localStorage.getItem(ACCESS_TOKEN_KEY) || localStorage.getItem(REFRESH_TOKEN_KEY));
  } catch {
    stored = true;
  }
  if (!stored) {
    const { pathname, search, hash } = window.location;
    try {
      sessionStorage.setItem(RETURN_PATH_KEY, `${pathname}${search}${hash}`);
    } catch {
      // No session storage: the login page then opens the home page afterwards.
    }
    window.location.assign(LOGIN_PATH);
    return;
  }
  void load().then((hydrate) => hydrate());
};

export default signedIn;

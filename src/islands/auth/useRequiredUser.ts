import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { NOT_FOUND_PATH } from '~/lib/api/errors';
import { type CurrentUser, isAdmin } from '~/lib/currentUser';
import { href } from '~/lib/i18n';
import { $currentUser, ensureSession, LOGIN_PATH } from '~/stores/auth';
import { currentPath, saveReturnPath } from '~/stores/returnPath';

interface Options {
  /**
   * The back office: only a platform admin is admitted, and anyone else (a visitor, a user, an
   * admin who signs out) is sent to the 404 page, since it does not admit it exists.
   */
  admin?: boolean;
}

/** Whether `someone` may see the page: anyone signed in, or with `admin` a platform admin. */
const admits = (admin: boolean, someone: CurrentUser | null): someone is CurrentUser =>
  admin ? isAdmin(someone) : someone !== null;

/** Away from a page the user may not see: to login (and back here after), or for the back office to the 404 page. */
function turnAway(admin: boolean): void {
  if (admin) {
    window.location.replace(NOT_FOUND_PATH);
    return;
  }
  saveReturnPath(currentPath());
  window.location.assign(href(LOGIN_PATH));
}

/**
 * For protected pages (SPEC §2 /profile, /payout/*, /admin): the signed-in user, or null while
 * the session is checked. A visitor is sent to the login page, which brings them back here
 * afterwards; with `admin`, see Options.
 */
export function useRequiredUser({ admin = false }: Options = {}): CurrentUser | null {
  const [checked, setChecked] = useState(false);
  const user = useStore($currentUser);

  useEffect(() => {
    let cancelled = false;
    void ensureSession().then((found) => {
      if (cancelled) return;
      if (admits(admin, found)) setChecked(true);
      else turnAway(admin);
    });
    return () => {
      cancelled = true;
    };
  }, [admin]);

  // Logged out meanwhile (another tab, or the session ended): turned away as on arrival.
  useEffect(() => {
    if (checked && !admits(admin, user)) turnAway(admin);
  }, [checked, user, admin]);

  return checked && admits(admin, user) ? user : null;
}

import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { CurrentUser } from '~/lib/currentUser';
import { href } from '~/lib/i18n';
import { $currentUser, ensureSession, LOGIN_PATH } from '~/stores/auth';
import { currentPath, saveReturnPath } from '~/stores/returnPath';

/**
 * For protected pages (SPEC §2 /profile, /payout/*): the signed-in user, or
 * null while the session is checked. A visitor is sent to the login page,
 * which brings them back here afterwards.
 */
export function useRequiredUser(): CurrentUser | null {
  const [checked, setChecked] = useState(false);
  const user = useStore($currentUser);

  useEffect(() => {
    let cancelled = false;
    void ensureSession().then((found) => {
      if (cancelled) return;
      if (found) {
        setChecked(true);
        return;
      }
      saveReturnPath(currentPath());
      window.location.assign(href(LOGIN_PATH));
    });
    return () => {
      cancelled = true;
    };
  }, []);

  // Logged out meanwhile (another tab, or the session ended): back to login, then here.
  useEffect(() => {
    if (checked && !user) {
      saveReturnPath(currentPath());
      window.location.assign(href(LOGIN_PATH));
    }
  }, [checked, user]);

  return checked ? user : null;
}

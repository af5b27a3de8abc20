import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { NOT_FOUND_PATH } from '~/lib/api/errors';
import type { CurrentUser } from '~/lib/currentUser';
import { isAdmin } from '~/stores/admin';
import { $currentUser, ensureSession } from '~/stores/auth';

/**
 * The signed-in platform admin, or null while the session is checked. Anyone
 * else (a visitor, a signed-in user, an admin who signs out) is sent to the
 * 404 page: the back office does not admit it exists.
 */
export function useAdminUser(): CurrentUser | null {
  const [checked, setChecked] = useState(false);
  const user = useStore($currentUser);

  useEffect(() => {
    let cancelled = false;
    void ensureSession().then((found) => {
      if (cancelled) return;
      if (isAdmin(found)) setChecked(true);
      else window.location.replace(NOT_FOUND_PATH);
    });
    return () => {
      cancelled = true;
    };
  }, []);

  useEffect(() => {
    if (checked && !isAdmin(user)) window.location.replace(NOT_FOUND_PATH);
  }, [checked, user]);

  return checked && isAdmin(user) ? user : null;
}

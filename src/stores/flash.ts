import type { Notification } from '~/lib/browser/notifications';
import { browserStorage } from './storage';

const FLASH_KEY = 'letsema:flash';
/** A flash older than this is dropped: the navigation it was for did not happen. */
const FLASH_LIFETIME_MS = 60_000;

interface StoredFlash {
  notification: Notification;
  /** The pathname of the page it is for; any page when absent. */
  path?: string;
  at: number;
}

const pathnameOf = (path: string): string =>
  new URL(path, 'http://flash.invalid').pathname.replace(/\/+$/, '') || '/';

/**
 * A notification for the next page: kept in sessionStorage across one
 * navigation and shown by that page's toaster. With `forPath`, only the page
 * at that path takes it, so the page being left (whose toaster may still be
 * starting) cannot show it just before it disappears.
 */
export function setFlash(notification: Notification, forPath?: string): void {
  const stored: StoredFlash = {
    notification,
    at: Date.now(),
    ...(forPath ? { path: pathnameOf(forPath) } : {}),
  };
  browserStorage('sessionStorage')?.setItem(FLASH_KEY, JSON.stringify(stored));
}

function isNotification(value: unknown): value is Notification {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.message === 'string' &&
    ['success', 'error', 'info', 'warning', 'message'].includes(String(v.type)) &&
    (v.duration === undefined || typeof v.duration === 'number') &&
    (v.id === undefined || typeof v.id === 'string')
  );
}

function parse(raw: string): StoredFlash | null {
  try {
    const value = JSON.parse(raw) as Partial<StoredFlash> | null;
    if (!value || !isNotification(value.notification) || typeof value.at !== 'number') return null;
    return {
      notification: value.notification,
      at: value.at,
      ...(typeof value.path === 'string' ? { path: value.path } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * The pending flash notification for the page at `pathname`, removed as it is
 * read; null when there is none, it is for another page, or it is malformed or stale.
 */
export function takeFlash(pathname: string = window.location.pathname): Notification | null {
  const storage = browserStorage('sessionStorage');
  const raw = storage?.getItem(FLASH_KEY);
  if (!storage || raw == null) return null;
  const flash = parse(raw);
  const fresh = flash !== null && Date.now() - flash.at < FLASH_LIFETIME_MS;
  const forThisPage = !flash?.path || flash.path === pathnameOf(pathname);
  // Left for its own page; anything else (taken, stale or malformed) is removed.
  if (fresh && !forThisPage) return null;
  storage.removeItem(FLASH_KEY);
  return fresh && forThisPage ? flash.notification : null;
}

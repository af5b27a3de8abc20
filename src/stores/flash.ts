import { browserStorage } from './storage';
import type { Notification } from './toast';

const FLASH_KEY = 'letsema:flash';

/**
 * A notification for the next page: kept in sessionStorage across one
 * navigation and shown by that page's toaster.
 */
export function setFlash(notification: Notification): void {
  browserStorage('sessionStorage')?.setItem(FLASH_KEY, JSON.stringify(notification));
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

/** The pending flash notification, removed as it is read; null when there is none or it is malformed. */
export function takeFlash(): Notification | null {
  const storage = browserStorage('sessionStorage');
  const raw = storage?.getItem(FLASH_KEY);
  if (!storage || raw == null) return null;
  storage.removeItem(FLASH_KEY);
  try {
    const parsed: unknown = JSON.parse(raw);
    return isNotification(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A toast as every part of the browser code raises it. The API clients (src/lib/api) and the
 * stores raise them; the page's toaster (src/scripts/toaster.ts, on every page) shows them
 * through src/stores/toast.ts, so a lower layer never imports the store that shows them.
 */

export type ToastType = 'success' | 'error' | 'info' | 'warning' | 'message';

export interface Notification {
  /** Notifications with the same id are shown once per page (SPEC §8). */
  id?: string;
  type: ToastType;
  message: string;
  /** Milliseconds; the toaster's default (10 s) when omitted. */
  duration?: number;
}

/** Raised on window with a Notification as its detail; src/scripts/toaster.ts shows it. */
export const NOTIFICATION_EVENT = 'letsema:notify';

/** Raises a toast for the page's toaster to show. */
export function raiseNotification(notification: Notification): void {
  window.dispatchEvent(new CustomEvent<Notification>(NOTIFICATION_EVENT, { detail: notification }));
}

import type { Notification } from '~/lib/browser/notifications';
import { TOAST_RAISED_EVENT } from './toastEvent';

type Show = (notification: Notification) => void;

/**
 * A notify function that drops a notification whose id was already shown.
 * Notifications without an id always show.
 */
export function createNotifier(show: Show): (notification: Notification) => boolean {
  const shownIds = new Set<string>();
  return (notification) => {
    if (notification.id !== undefined) {
      if (shownIds.has(notification.id)) return false;
      shownIds.add(notification.id);
    }
    show(notification);
    return true;
  };
}

/**
 * sonner loads with the first toast (src/scripts/toaster.ts mounts its toaster then), so a page
 * whose code can raise a toast does not download it until one is raised.
 */
function showWithSonner({ id, type, message, duration }: Notification): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(TOAST_RAISED_EVENT));
  const options = { ...(id === undefined ? {} : { id }), ...(duration === undefined ? {} : { duration }) };
  void import('sonner').then(({ toast }) => {
    if (type === 'message') toast.message(message, options);
    else toast[type](message, options);
  });
}

/** Shows a toast; returns false when one with the same id was already shown. */
export const notify = createNotifier(showWithSonner);

import { NOTIFICATION_EVENT, type Notification } from '~/lib/browser/notifications';
import { takeFlash } from '~/stores/flash';
import { TOAST_RAISED_EVENT } from '~/stores/toastEvent';

/**
 * The page's one toaster, mounted only when a toast is raised, or at once when a previous page
 * left a notification for this one (src/stores/flash.ts): sonner and React then load, so a page
 * nobody touches downloads neither. sonner keeps toasts raised before it mounts and shows them.
 */
let mounted: Promise<void> | null = null;
const mountToaster = (): Promise<void> => {
  mounted ??= import('~/islands/shell/mountToaster').then((module) => module.mountToaster());
  return mounted;
};

const flash = takeFlash();
if (flash) {
  void mountToaster();
  void import('~/stores/toast').then(({ notify }) => notify(flash));
} else {
  window.addEventListener(TOAST_RAISED_EVENT, () => void mountToaster(), { once: true });
}

// Toasts raised by code that does not import the toast store (the API clients): shown through it.
window.addEventListener(NOTIFICATION_EVENT, (event) => {
  const { detail } = event as CustomEvent<Notification>;
  void import('~/stores/toast').then(({ notify }) => notify(detail));
});

import { type ReactElement, useEffect } from 'react';
import { Toaster } from 'sonner';
import { takeFlash } from '~/stores/flash';
import { notify } from '~/stores/toast';

/** SPEC §9: toasts stay 10 s unless a call says otherwise. */
export const DEFAULT_TOAST_DURATION_MS = 10_000;

/**
 * The page's one toaster (top right, swipe or drag to dismiss). On mount it
 * shows the notification a previous page left for it (src/stores/flash.ts).
 */
export default function AppToaster(): ReactElement {
  useEffect(() => {
    const flash = takeFlash();
    if (flash) notify(flash);
  }, []);
  return (
    <Toaster
      position="top-right"
      duration={DEFAULT_TOAST_DURATION_MS}
      offset={{ top: 60, right: 16 }}
      mobileOffset={{ top: 60 }}
      swipeDirections={['right', 'top']}
      closeButton
      richColors
      containerAriaLabel="Notifications"
    />
  );
}

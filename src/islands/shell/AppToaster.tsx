import { lazy, type ReactElement, Suspense, useEffect, useState } from 'react';
import { takeFlash } from '~/stores/flash';
import { TOAST_RAISED_EVENT } from '~/stores/toastEvent';

const SonnerToaster = lazy(() => import('./SonnerToaster'));

/**
 * The page's one toaster. sonner's view is loaded only when a toast is raised,
 * or at once when a previous page left a notification for this one
 * (src/stores/flash.ts), so a page nobody touches never downloads it. sonner
 * keeps toasts raised before its toaster mounts and shows them when it does.
 */
export default function AppToaster(): ReactElement | null {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    const flash = takeFlash();
    if (flash) {
      setNeeded(true);
      void import('~/stores/toast').then(({ notify }) => notify(flash));
      return;
    }
    const load = (): void => setNeeded(true);
    window.addEventListener(TOAST_RAISED_EVENT, load, { once: true });
    return () => window.removeEventListener(TOAST_RAISED_EVENT, load);
  }, []);
  return needed ? (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  ) : null;
}

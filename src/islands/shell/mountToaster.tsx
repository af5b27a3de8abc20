import { createRoot } from 'react-dom/client';
import SonnerToaster from './SonnerToaster';
import { holdShortToastDrags } from './toastSwipe';

/** Mounts the page's toaster at the end of <body>; called once, by src/scripts/toaster.ts, when a toast is needed. */
export function mountToaster(): void {
  const host = document.createElement('div');
  document.body.append(host);
  createRoot(host).render(<SonnerToaster />);
  holdShortToastDrags(host);
}

import type { ReactElement } from 'react';
import { Toaster } from 'sonner';
import { m } from '~/lib/i18n';

/** SPEC §9: toasts stay 10 s unless a call says otherwise. */
export const DEFAULT_TOAST_DURATION_MS = 10_000;

/** sonner's toaster as the site shows it (top right, dragged 80 % of its size to dismiss: ./toastSwipe); mounted by ./mountToaster when a toast is raised. */
export default function SonnerToaster(): ReactElement {
  return (
    <Toaster
      position="top-right"
      duration={DEFAULT_TOAST_DURATION_MS}
      offset={{ top: 60, right: 16 }}
      mobileOffset={{ top: 60 }}
      swipeDirections={['right', 'top']}
      closeButton
      richColors
      containerAriaLabel={m.layout_notifications()}
      toastOptions={{ closeButtonAriaLabel: m.layout_toast_close() }}
    />
  );
}

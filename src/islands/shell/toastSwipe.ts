/** SPEC §9: a toast dragged to dismiss it goes once dragged 80 % of its own width (or height, dragged up). */
export const TOAST_DISMISS_DRAG_FRACTION = 0.8;

/**
 * sonner 2.0.8 has no option for its swipe threshold: it dismisses a toast dragged 45 px, or flicked
 * faster than 0.11 px/ms, measuring the drag from the toast's --swipe-amount-x/-y style properties when
 * the pointer comes up (in a React handler, which runs from the toaster's root). This listener, on the
 * window in the capture phase, runs before it: it sets a drag short of the fraction back to 0 px, so
 * sonner snaps the toast back as it does after a short drag. tests/e2e/toast-swipe.spec.ts drags a toast
 * both ways, so a sonner that reads the drag differently fails there.
 */
export function holdShortToastDrags(toaster: HTMLElement): void {
  window.addEventListener(
    'pointerup',
    (event) => {
      const toast =
        event.target instanceof Element ? event.target.closest<HTMLElement>('[data-sonner-toast]') : null;
      if (!toast || !toaster.contains(toast)) return;
      const dragged = (axis: 'x' | 'y') =>
        Math.abs(Number.parseFloat(toast.style.getPropertyValue(`--swipe-amount-${axis}`)) || 0);
      const { width, height } = toast.getBoundingClientRect();
      const far = dragged('x') >= TOAST_DISMISS_DRAG_FRACTION * width;
      const high = dragged('y') >= TOAST_DISMISS_DRAG_FRACTION * height;
      if (far || high) return;
      toast.style.setProperty('--swipe-amount-x', '0px');
      toast.style.setProperty('--swipe-amount-y', '0px');
    },
    true,
  );
}

/**
 * Raised on window with every toast, so the page's toaster (src/scripts/toaster.ts)
 * loads sonner's view only when one is needed. Kept apart from ./toast, which imports sonner.
 */
export const TOAST_RAISED_EVENT = 'letsema:toast';

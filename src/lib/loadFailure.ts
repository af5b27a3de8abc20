/**
 * What to do when part of the application fails to load (SPEC §8): a module
 * (usually a new deployment replaced the old chunk files) or a stylesheet.
 * The browser-side guard keeps a per-kind attempt counter in sessionStorage
 * and asks this module what to do next.
 */
export type LoadFailureKind = 'module' | 'stylesheet';

/** DOM event (detail: { kind, error }) by which island error boundaries hand a load failure to the page-wide guard. */
export const LOAD_FAILURE_EVENT = 'letsema:load-failure';

export const MAX_AUTO_RELOADS: Readonly<Record<LoadFailureKind, number>> = { module: 2, stylesheet: 2 };

export const LOAD_FAILURE_MESSAGES = {
  module: {
    retrying: 'A new update for the application is available. Attempting to refresh automatically...',
    gaveUp:
      "A new update for the application is available. We couldn't automatically refresh. Please try clicking the button below.",
  },
  stylesheet: {
    retrying: "Some visual elements couldn't load correctly. Attempting to refresh automatically...",
    gaveUp:
      "Some visual elements couldn't load correctly. We couldn't automatically refresh. Please try clicking the button below.",
  },
  unexpected: 'Oops! An unexpected error occurred. Please try refreshing the page.',
} as const;

export type LoadFailureDecision =
  | { action: 'reload'; message: string; attempts: number }
  | { action: 'prompt'; message: string; attempts: number };

/**
 * Given how many automatic reloads were already made for this kind, reload
 * again (counting the new attempt) or stop and ask the user to click refresh.
 */
export function decideLoadFailure(kind: LoadFailureKind, attemptsSoFar: number): LoadFailureDecision {
  const attempts = Number.isFinite(attemptsSoFar) && attemptsSoFar > 0 ? Math.floor(attemptsSoFar) : 0;
  if (attempts < MAX_AUTO_RELOADS[kind]) {
    return { action: 'reload', message: LOAD_FAILURE_MESSAGES[kind].retrying, attempts: attempts + 1 };
  }
  return { action: 'prompt', message: LOAD_FAILURE_MESSAGES[kind].gaveUp, attempts };
}

/** sessionStorage key of the attempt counter for one kind. */
export function reloadAttemptsKey(kind: LoadFailureKind): string {
  return `letsema:reloadAttempts:${kind}`;
}

const MODULE_FAILURE =
  /failed to fetch dynamically imported module|error loading dynamically imported module|importing a module script failed|failed to load module script|dynamically imported module/i;
const STYLESHEET_FAILURE = /unable to preload css|failed to load css|css chunk load failed/i;

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (error && typeof error === 'object' && 'message' in error && typeof error.message === 'string') {
    return error.message;
  }
  return '';
}

/**
 * The kind of load failure an error stands for, or null when it is any other
 * error. Vite reports a failed CSS preload as "Unable to preload CSS for …".
 */
export function classifyLoadError(error: unknown): LoadFailureKind | null {
  const message = messageOf(error);
  if (STYLESHEET_FAILURE.test(message)) return 'stylesheet';
  if (MODULE_FAILURE.test(message)) return 'module';
  return null;
}

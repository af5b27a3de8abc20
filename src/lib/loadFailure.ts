/**
 * When part of the application fails to load (SPEC §8): a module (usually a new
 * deployment replaced the old chunk files) or a stylesheet. The reload flow is
 * the inline script of src/components/loadFailureScript.ts; these are its terms.
 */
export type LoadFailureKind = 'module' | 'stylesheet';

/** DOM event (detail: { kind, error }) by which island error boundaries hand a load failure to the page-wide guard. */
export const LOAD_FAILURE_EVENT = 'letsema:load-failure';
/** DOM event (detail: { kind, error }) by which the reload flow says it took a failure on (to report it). */
export const LOAD_FAILURE_HANDLED_EVENT = 'letsema:load-failure-handled';

export const MAX_AUTO_RELOADS: Readonly<Record<LoadFailureKind, number>> = { module: 2, stylesheet: 2 };

/** sessionStorage key of a kind's attempt counter, less the kind ('letsema:reloadAttempts:stylesheet'). */
export const RELOAD_ATTEMPTS_KEY_PREFIX = 'letsema:reloadAttempts:';

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

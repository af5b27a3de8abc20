/** The delay before a hover menu closes once the pointer leaves it (SPEC §9). */
export const HOVER_CLOSE_DELAY_MS = 500;

export interface Timers {
  set: (callback: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
}

const browserTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export interface DelayedClose {
  /** Start (or restart) the countdown; `onClose` runs when it ends. */
  schedule: () => void;
  /** Stop a pending countdown, e.g. when the pointer comes back. */
  cancel: () => void;
  readonly pending: boolean;
}

/**
 * A restartable countdown: leaving the menu schedules the close, coming back
 * before the delay cancels it. Timers are injectable for tests.
 */
export function createDelayedClose(
  onClose: () => void,
  delayMs: number = HOVER_CLOSE_DELAY_MS,
  timers: Timers = browserTimers,
): DelayedClose {
  let handle: unknown;
  let pending = false;
  const cancel = (): void => {
    if (pending) timers.clear(handle);
    pending = false;
    handle = undefined;
  };
  return {
    schedule() {
      cancel();
      pending = true;
      handle = timers.set(() => {
        pending = false;
        handle = undefined;
        onClose();
      }, delayMs);
    },
    cancel,
    get pending() {
      return pending;
    },
  };
}

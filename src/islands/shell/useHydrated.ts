import { useSyncExternalStore } from 'react';

const subscribe = (): (() => void) => () => {};

/**
 * False while rendering on the server and during hydration, true afterwards.
 * Islands whose markup depends on browser-only state (localStorage tokens)
 * render the visitor's markup until then, so hydration matches the server.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

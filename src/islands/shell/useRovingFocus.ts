import { type KeyboardEvent, useRef } from 'react';

/** Where a key moves in a row of `count` items from `current`; null for keys that do not move. */
function targetOf(key: string, current: number, count: number): number | null {
  if (key === 'ArrowRight') return (current + 1) % count;
  if (key === 'ArrowLeft') return (current - 1 + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

interface RovingFocus<T extends HTMLElement> {
  /** For the container (tablist, toolbar): arrows (wrapping), Home and End. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** For item `index`: only the current item is in the page's Tab order. */
  itemProps: (index: number) => { ref: (element: T | null) => void; tabIndex: 0 | -1 };
}

/**
 * A roving tabindex over a row of `count` items (the WAI-ARIA tabs and
 * toolbar patterns): the keys call `onMove` with the new index, then focus
 * that item. Tabs select on move; a toolbar only records where focus is.
 */
export function useRovingFocus<T extends HTMLElement = HTMLButtonElement>(
  count: number,
  current: number,
  onMove: (index: number) => void,
): RovingFocus<T> {
  const items = useRef<(T | null)[]>([]);
  return {
    onKeyDown: (event) => {
      const target = targetOf(event.key, current, count);
      if (target === null) return;
      event.preventDefault();
      onMove(target);
      items.current[target]?.focus();
    },
    itemProps: (index) => ({
      ref: (element) => {
        items.current[index] = element;
      },
      tabIndex: index === current ? 0 : -1,
    }),
  };
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createDelayedClose, HOVER_CLOSE_DELAY_MS } from '~/lib/delayedClose';

export interface HoverMenu {
  open: boolean;
  setOpen: (open: boolean) => void;
  /** The trigger's click: toggles, except that it keeps a menu the pointer just opened. */
  toggle: () => void;
  /** Spread on the element wrapping the trigger and the menu. */
  hoverProps: { onMouseEnter: () => void; onMouseLeave: () => void };
}

const canHover = (): boolean => window.matchMedia('(hover: hover)').matches;

/**
 * Open/close state for a menu that opens on hover (pointer devices) and on
 * click, and closes 500 ms after the pointer leaves (SPEC §9).
 */
export function useHoverMenu(delayMs: number = HOVER_CLOSE_DELAY_MS): HoverMenu {
  const [open, setOpenState] = useState(false);
  const openedByHover = useRef(false);
  const delayedClose = useMemo(() => createDelayedClose(() => setOpenState(false), delayMs), [delayMs]);
  useEffect(() => () => delayedClose.cancel(), [delayedClose]);

  const setOpen = useCallback(
    (next: boolean) => {
      delayedClose.cancel();
      openedByHover.current = false;
      setOpenState(next);
    },
    [delayedClose],
  );

  const toggle = useCallback(() => {
    delayedClose.cancel();
    if (openedByHover.current) {
      openedByHover.current = false;
      return;
    }
    setOpenState((current) => !current);
  }, [delayedClose]);

  const hoverProps = useMemo(
    () => ({
      onMouseEnter: () => {
        delayedClose.cancel();
        if (!canHover() || open) return;
        openedByHover.current = true;
        setOpenState(true);
      },
      onMouseLeave: () => {
        openedByHover.current = false;
        if (canHover()) delayedClose.schedule();
      },
    }),
    [delayedClose, open],
  );

  return { open, setOpen, toggle, hoverProps };
}

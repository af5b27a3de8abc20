import { type ReactElement, type ReactNode, useEffect, useId, useRef } from 'react';
import { useHoverMenu } from './useHoverMenu';

interface Props {
  /** Accessible name of the trigger button, e.g. "Account menu". */
  label: string;
  trigger: ReactNode;
  triggerClassName: string;
  children: ReactNode;
}

/**
 * A disclosure menu: a button that shows a panel of links. Opens on click or
 * keyboard, and on hover with a mouse; closes 500 ms after the pointer leaves,
 * on Escape (focus returns to the button), or when focus or a click lands outside.
 */
export function DropdownMenu({ label, trigger, triggerClassName, children }: Props): ReactElement {
  const { open, setOpen, toggle, hoverProps } = useHoverMenu();
  const panelId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent): void => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, setOpen]);

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover and Escape are enhancements; the button is the control.
    <div
      ref={wrapper}
      className="relative"
      {...hoverProps}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (!wrapper.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={triggerClassName}
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        {trigger}
      </button>
      <div
        id={panelId}
        hidden={!open}
        className="absolute right-0 top-full z-50 mt-2 min-w-56 rounded-lg border border-gray-200 bg-white py-2 shadow-lg"
      >
        {children}
      </div>
    </div>
  );
}

/** One link row of a DropdownMenu or the sidebar. */
export const menuItemClass =
  'block w-full px-4 py-2 text-left text-sm text-ink hover:bg-brand-light focus-visible:bg-brand-light focus-visible:outline-none';

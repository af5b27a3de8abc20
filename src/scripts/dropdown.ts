import { createDelayedClose } from '~/lib/browser/delayedClose';

const canHover = (): boolean => window.matchMedia('(hover: hover)').matches;

/**
 * A disclosure menu on server markup: a `[data-dropdown]` wrapping a button (aria-controls) and its
 * panel. Opens on click or keyboard, and on hover with a mouse; closes 500 ms after the pointer
 * leaves (SPEC §9), on Escape (focus returns to the button), or when focus or a click lands outside.
 */
export function enhanceDropdown(wrapper: HTMLElement): void {
  const button = wrapper.querySelector<HTMLButtonElement>('button[aria-controls]');
  const panel = button && document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!button || !panel) return;
  let openedByHover = false;
  const isOpen = (): boolean => !panel.hidden;
  const onPointerDown = (event: PointerEvent): void => {
    if (!wrapper.contains(event.target as Node)) setOpen(false);
  };
  const setOpen = (open: boolean): void => {
    delayedClose.cancel();
    panel.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    if (open) document.addEventListener('pointerdown', onPointerDown);
    else document.removeEventListener('pointerdown', onPointerDown);
  };
  const delayedClose = createDelayedClose(() => setOpen(false));

  button.addEventListener('click', () => {
    // A click right after the pointer opened it keeps it open.
    if (openedByHover) openedByHover = false;
    else setOpen(!isOpen());
  });
  wrapper.addEventListener('mouseenter', () => {
    delayedClose.cancel();
    if (!canHover() || isOpen()) return;
    openedByHover = true;
    setOpen(true);
  });
  wrapper.addEventListener('mouseleave', () => {
    openedByHover = false;
    if (canHover() && isOpen()) delayedClose.schedule();
  });
  wrapper.addEventListener('keydown', (event) => {
    if (event.key !== 'Escape' || !isOpen()) return;
    setOpen(false);
    button.focus();
  });
  wrapper.addEventListener('focusout', (event) => {
    if (!wrapper.contains(event.relatedTarget as Node | null)) setOpen(false);
  });
}

export function enhanceDropdowns(root: ParentNode): void {
  for (const wrapper of root.querySelectorAll<HTMLElement>('[data-dropdown]')) enhanceDropdown(wrapper);
}

/**
 * The sidebar's open and close (markup in src/components/shell/MobileMenu.astro). showModal()
 * moves focus into the dialog, keeps it there and gives it Escape; closing returns focus to the
 * button. A click on the backdrop lands on the dialog element itself and closes it too.
 */
export function enhanceMobileMenu(): void {
  const opener = document.querySelector<HTMLButtonElement>('[data-menu-open]');
  const dialog = document.querySelector<HTMLDialogElement>('dialog#sidebar');
  if (!opener || !dialog) return;
  opener.addEventListener('click', () => {
    dialog.showModal();
    opener.setAttribute('aria-expanded', 'true');
  });
  dialog.addEventListener('close', () => opener.setAttribute('aria-expanded', 'false'));
  dialog.addEventListener('click', (event) => {
    if (event.target === dialog || (event.target as Element).closest('[data-menu-close]')) dialog.close();
  });
}

import { useStore } from '@nanostores/react';
import { lazy, type ReactElement, Suspense, useEffect, useId, useRef, useState } from 'react';
import { $currentUser } from '~/stores/tokens';
import { IslandErrorBoundary } from './IslandErrorBoundary';
import { MenuIcon } from './icons';
import { useHydrated } from './useHydrated';

const SidebarPanel = lazy(() => import('./SidebarPanel'));

function MobileSidebarContent(): ReactElement {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const hydrated = useHydrated();
  const storedUser = useStore($currentUser);
  const user = hydrated ? storedUser : null;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <>
      <button
        type="button"
        className="flex h-9 w-9 items-center justify-center rounded-md text-ink hover:bg-brand-light focus-visible:outline-2 focus-visible:outline-brand sm:h-10 sm:w-10"
        aria-label="Open menu"
        aria-expanded={open}
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
      >
        <MenuIcon className="h-6 w-6" />
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: only backdrop clicks; keyboard users close with Escape or the Close button */}
      <dialog
        ref={dialog}
        aria-labelledby={titleId}
        className="sidebar-dialog m-0 h-full max-h-none w-[85vw] max-w-80 bg-white p-0 shadow-xl"
        onClose={() => setOpen(false)}
        onClick={(event) => {
          // A click on the backdrop lands on the dialog element itself.
          if (event.target === event.currentTarget) setOpen(false);
        }}
      >
        {open ? (
          <Suspense fallback={null}>
            <SidebarPanel titleId={titleId} user={user} onClose={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </dialog>
    </>
  );
}

/** The hamburger menu of small screens (below lg) and its sidebar (SPEC §2). */
export default function MobileSidebar(): ReactElement {
  return (
    <IslandErrorBoundary>
      <MobileSidebarContent />
    </IslandErrorBoundary>
  );
}

/** The navbar's account-menu trigger: the visitor's icon and the user's avatar share it. */
export const navTriggerClass =
  'flex h-9 items-center gap-1 rounded-full px-1.5 text-ink sm:h-10 sm:px-2 hover:bg-brand-light focus-visible:outline-2 focus-visible:outline-brand';

/** One link row of the account menu or the sidebar. */
export const menuItemClass =
  'block w-full px-4 py-2 text-left text-sm text-ink hover:bg-brand-light focus-visible:bg-brand-light focus-visible:outline-none';

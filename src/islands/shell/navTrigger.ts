/** The navbar's account-menu trigger: the visitor's icon, the user's avatar and its placeholder share it. */
export const navTriggerClass =
  'flex h-9 items-center gap-1 rounded-full px-1.5 text-ink sm:h-10 sm:px-2 hover:bg-brand-light focus-visible:outline-2 focus-visible:outline-brand';

import { useStore } from '@nanostores/react';
import { lazy, type ReactElement, Suspense } from 'react';
import type { CurrentUser } from '~/lib/currentUser';
import { SITE_LINKS } from '~/lib/siteLinks';
import { $currentUser } from '~/stores/tokens';
import { DropdownMenu, menuItemClass } from './DropdownMenu';
import { IslandErrorBoundary } from './IslandErrorBoundary';
import { ChevronDownIcon, UserIcon } from './icons';
import { navTriggerClass } from './navTrigger';
import { StartCampaignLink } from './StartCampaignLink';
import { useHydrated } from './useHydrated';

interface Props {
  /** The page's path: the visitor menu is hidden on the login page. */
  pathname: string;
}

const AccountMenu = lazy(() => import('./AccountMenu'));

/** Holds the account menu's place (its size and the user's initial) while its chunk loads. */
function AccountMenuPlaceholder({ user }: { user: CurrentUser }): ReactElement {
  return (
    <span className={navTriggerClass} aria-hidden="true">
      <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand text-sm font-bold text-white">
        {(user.firstName[0] ?? user.email[0] ?? '?').toUpperCase()}
      </span>
      <ChevronDownIcon className="hidden h-4 w-4 sm:block" />
    </span>
  );
}

function VisitorMenu(): ReactElement {
  return (
    <DropdownMenu
      label="Account menu"
      triggerClassName={navTriggerClass}
      trigger={<UserIcon className="h-6 w-6" />}
    >
      <ul>
        <li>
          <a className={menuItemClass} href={SITE_LINKS.login}>
            Login
          </a>
        </li>
      </ul>
    </DropdownMenu>
  );
}

function NavActionsContent({ pathname }: Props): ReactElement {
  const hydrated = useHydrated();
  const storedUser = useStore($currentUser);
  // Until hydration the server's (visitor) markup is shown, so both sides agree.
  const user = hydrated ? storedUser : null;
  const onLoginPage = pathname.replace(/\/+$/, '') === SITE_LINKS.login;
  return (
    <div className="flex items-center gap-1 sm:gap-2">
      <StartCampaignLink
        signedIn={user !== null}
        className="btn-accent whitespace-nowrap px-2 py-1.5 text-[11px] uppercase sm:px-4 sm:py-2 sm:text-sm sm:tracking-wide"
      >
        Start campaign
      </StartCampaignLink>
      {/* A fixed slot, as wide as the signed-in trigger, so the session appearing shifts nothing. */}
      <div className="flex w-11 justify-end sm:w-[68px]">
        {user ? (
          <Suspense fallback={<AccountMenuPlaceholder user={user} />}>
            <AccountMenu user={user} />
          </Suspense>
        ) : onLoginPage ? null : (
          <VisitorMenu />
        )}
      </div>
    </div>
  );
}

/** The navbar's right-hand actions: START CAMPAIGN and the profile dropdown (SPEC §2). */
export default function NavActions(props: Props): ReactElement {
  return (
    <IslandErrorBoundary>
      <NavActionsContent {...props} />
    </IslandErrorBoundary>
  );
}

import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect } from 'react';
import { PROFILE_TAB, profileTabHref, SITE_LINKS } from '~/lib/siteLinks';
import { $currentUser, type CurrentUser, logout } from '~/stores/auth';
import {
  $myOrganisation,
  $storedOrganisationId,
  loadMyOrganisation,
  myOrganisationHref,
} from '~/stores/myOrganisation';
import { $profile, loadProfile } from '~/stores/profile';
import { DropdownMenu, menuItemClass } from './DropdownMenu';
import { IslandErrorBoundary } from './IslandErrorBoundary';
import { ChevronDownIcon, UserIcon } from './icons';
import { StartCampaignLink } from './StartCampaignLink';
import { useHydrated } from './useHydrated';

interface Props {
  /** The page's path: the visitor menu is hidden on the login page. */
  pathname: string;
}

const triggerClass =
  'flex h-9 items-center gap-1 rounded-full px-1.5 text-ink sm:h-10 sm:px-2 hover:bg-brand-light focus-visible:outline-2 focus-visible:outline-brand';

function OrganisationItem({ user }: { user: CurrentUser }): ReactElement | null {
  const organisation = useStore($myOrganisation);
  const storedId = useStore($storedOrganisationId);
  if (!user.hasOrganization) {
    return user.isChampion ? null : (
      <li>
        <a className={menuItemClass} href={SITE_LINKS.registerOrganisation}>
          Register Organisation
        </a>
      </li>
    );
  }
  const href = myOrganisationHref(organisation, storedId);
  return href ? (
    <li>
      <a className={menuItemClass} href={href}>
        My Organisation
      </a>
    </li>
  ) : null;
}

function AccountMenu({ user }: { user: CurrentUser }): ReactElement {
  const loaded = useStore($profile);
  // After sign-in the navbar loads the user's organisation and profile (SPEC §2).
  useEffect(() => {
    if (user.hasOrganization) void loadMyOrganisation();
    void loadProfile(user.id);
  }, [user]);
  // The profile is fresher than the token's claims (e.g. right after the name was edited).
  const profile = loaded?.id === user.id ? loaded : null;
  const firstName = profile?.firstName ?? user.firstName;
  const name = [firstName, profile?.lastName ?? user.lastName].filter(Boolean).join(' ') || user.email;
  const picture = profile?.image?.url ?? null;
  return (
    <DropdownMenu
      label="Account menu"
      triggerClassName={triggerClass}
      trigger={
        <>
          {picture ? (
            <img src={picture} alt="" className="h-8 w-8 rounded-full border border-gray-200 object-cover" />
          ) : (
            <span className="flex h-8 w-8 items-center justify-center rounded-full bg-brand text-sm font-bold text-white">
              {(firstName[0] ?? user.email[0] ?? '?').toUpperCase()}
            </span>
          )}
          <ChevronDownIcon className="hidden h-4 w-4 sm:block" />
        </>
      }
    >
      <p className="border-b border-gray-100 px-4 pb-2 text-xs text-ink-muted">
        Signed in as <span className="font-semibold text-ink">{name}</span>
      </p>
      <ul className="pt-1">
        <li>
          <a className={menuItemClass} href={SITE_LINKS.profile}>
            My Profile
          </a>
        </li>
        <li>
          <a className={menuItemClass} href={profileTabHref(PROFILE_TAB.campaigns)}>
            My Campaigns
          </a>
        </li>
        <li>
          <a className={menuItemClass} href={profileTabHref(PROFILE_TAB.donations)}>
            My Donations
          </a>
        </li>
        <OrganisationItem user={user} />
        <li>
          <button type="button" className={menuItemClass} onClick={() => void logout()}>
            Logout
          </button>
        </li>
      </ul>
    </DropdownMenu>
  );
}

function VisitorMenu(): ReactElement {
  return (
    <DropdownMenu
      label="Account menu"
      triggerClassName={triggerClass}
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
      {user ? <AccountMenu user={user} /> : onLoginPage ? null : <VisitorMenu />}
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

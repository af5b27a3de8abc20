import { useStore } from '@nanostores/react';
import { type ReactElement, useEffect } from 'react';
import type { CurrentUser } from '~/lib/currentUser';
import { PROFILE_TAB, profileTabHref, SITE_LINKS } from '~/lib/siteLinks';
import { logout } from '~/stores/auth';
import {
  $myOrganisation,
  $storedOrganisationId,
  loadMyOrganisation,
  myOrganisationHref,
} from '~/stores/myOrganisation';
import { $profile, loadProfile } from '~/stores/profile';
import { DropdownMenu, menuItemClass } from './DropdownMenu';
import { ChevronDownIcon } from './icons';
import { navTriggerClass } from './navTrigger';

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

/**
 * The signed-in user's menu. A chunk of its own, loaded only when a session exists: it brings the
 * API client and the stores that call it, which a visitor's page never needs.
 */
export default function AccountMenu({ user }: { user: CurrentUser }): ReactElement {
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
      triggerClassName={navTriggerClass}
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

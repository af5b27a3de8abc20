import { useStore } from '@nanostores/react';
import { type ReactElement, type ReactNode, useEffect } from 'react';
import type { CurrentUser } from '~/lib/currentUser';
import { VERSION_TEXT } from '~/lib/enums';
import { SITE_LINKS } from '~/lib/siteLinks';
import { logout } from '~/stores/auth';
import {
  $myOrganisation,
  $storedOrganisationId,
  loadMyOrganisation,
  myOrganisationHref,
} from '~/stores/myOrganisation';
import { menuItemClass } from './DropdownMenu';
import { CloseIcon } from './icons';
import { StartCampaignLink } from './StartCampaignLink';

const linkClass = `${menuItemClass} rounded-md !text-base`;

/** FAQ and About Us are "external" in SPEC §2: absolute URLs open in a new tab. */
function SidebarLink({ href, children }: { href: string; children: ReactNode }): ReactElement {
  const external = /^https?:\/\//.test(href);
  return (
    <li>
      <a
        className={linkClass}
        href={href}
        {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
      >
        {children}
        {external ? <span className="sr-only"> (opens in a new tab)</span> : null}
      </a>
    </li>
  );
}

/** Legal name of the user's organisation; Register Your Organisation for others; nothing for champions. */
function OrganisationLink({ user }: { user: CurrentUser | null }): ReactElement | null {
  const organisation = useStore($myOrganisation);
  const storedId = useStore($storedOrganisationId);
  useEffect(() => {
    if (user?.hasOrganization) void loadMyOrganisation();
  }, [user]);
  if (user?.isChampion) return null;
  if (!user?.hasOrganization) {
    return <SidebarLink href={SITE_LINKS.registerOrganisation}>Register Your Organisation</SidebarLink>;
  }
  const href = myOrganisationHref(organisation, storedId);
  return href ? <SidebarLink href={href}>{organisation?.legalName || 'My Organisation'}</SidebarLink> : null;
}

interface Props {
  titleId: string;
  user: CurrentUser | null;
  onClose: () => void;
}

/**
 * The open sidebar's contents. A chunk of its own, loaded when the menu first opens: its links
 * need the API client (the user's organisation, logout), which a page never needs before that.
 */
export default function SidebarPanel({ titleId, user, onClose }: Props): ReactElement {
  return (
    <div className="flex h-full flex-col">
      <div className="flex h-[50px] items-center justify-between border-b border-gray-100 px-4">
        <h2 id={titleId} className="text-lg font-bold text-brand">
          Menu
        </h2>
        <button
          type="button"
          className="flex h-10 w-10 items-center justify-center rounded-md hover:bg-brand-light focus-visible:outline-2 focus-visible:outline-brand"
          aria-label="Close menu"
          onClick={onClose}
        >
          <CloseIcon />
        </button>
      </div>
      <nav aria-label="Main menu" className="flex-1 overflow-y-auto px-2 py-3">
        <ul className="space-y-0.5">
          <SidebarLink href={SITE_LINKS.home}>Home</SidebarLink>
          <li>
            <StartCampaignLink signedIn={user !== null} className={linkClass}>
              Start Campaign
            </StartCampaignLink>
          </li>
          <SidebarLink href={SITE_LINKS.howItWorks}>How it works</SidebarLink>
          <OrganisationLink user={user} />
          <SidebarLink href={SITE_LINKS.feesAndPayouts}>Fees &amp; Payouts</SidebarLink>
          <SidebarLink href={SITE_LINKS.faq}>FAQ</SidebarLink>
          <SidebarLink href={SITE_LINKS.aboutUs}>About Us</SidebarLink>
          <SidebarLink href={SITE_LINKS.contactUs}>Contact Us</SidebarLink>
        </ul>
        <ul className="mt-3 space-y-0.5 border-t border-gray-100 pt-3">
          {user ? (
            <li>
              <button type="button" className={linkClass} onClick={() => void logout()}>
                Logout
              </button>
            </li>
          ) : (
            <SidebarLink href={SITE_LINKS.login}>Login / Register</SidebarLink>
          )}
          <SidebarLink href={SITE_LINKS.privacy}>Privacy Policy</SidebarLink>
          <SidebarLink href={SITE_LINKS.terms}>Terms &amp; Conditions</SidebarLink>
        </ul>
      </nav>
      <p className="border-t border-gray-100 px-6 py-3 text-xs text-ink-muted">{VERSION_TEXT}</p>
    </div>
  );
}

import type { CurrentUser } from '~/lib/currentUser';
import { href as localized, m } from '~/lib/i18n';
import { logout } from '~/stores/auth';
import {
  $myOrganisation,
  $storedOrganisationId,
  loadMyOrganisation,
  myOrganisationHref,
} from '~/stores/myOrganisation';
import { $profile, loadProfile } from '~/stores/profile';
import { displayNameOf } from './session';

/**
 * What only a signed-in user's navbar needs, loaded once a session exists: the profile (fresher
 * than the token's claims, e.g. right after the name was edited, and the picture), the user's
 * organisation (SPEC §2: loaded after sign-in) and logout, which all use the API client.
 * Follows the session: a renewed token (e.g. after registering an organisation) updates the menu.
 */
let current: CurrentUser | null = null;

function showProfile(): void {
  const loaded = $profile.get();
  if (!current || loaded?.id !== current.id) return;
  const firstName = loaded.firstName ?? current.firstName;
  const name = displayNameOf({
    firstName,
    lastName: loaded.lastName ?? current.lastName,
    email: current.email,
  });
  const picture = loaded.image?.url ?? null;
  for (const element of document.querySelectorAll('[data-user-name]')) element.textContent = name;
  for (const initial of document.querySelectorAll<HTMLElement>('[data-user-initial]')) {
    initial.textContent = (firstName[0] ?? current.email[0] ?? '?').toUpperCase();
    initial.hidden = picture !== null;
  }
  // The picture's <img> is made here: an <img> without a src in the page's HTML is invalid.
  for (const frame of document.querySelectorAll<HTMLElement>('[data-user-picture]')) {
    if (picture) {
      let image = frame.querySelector('img');
      if (!image) {
        image = document.createElement('img');
        image.alt = '';
        image.className = 'h-8 w-8 rounded-full border border-gray-200 object-cover';
        frame.append(image);
      }
      image.src = picture;
    }
    frame.hidden = picture === null;
  }
}

function showOrganisation(): void {
  const organisation = $myOrganisation.get();
  const href = current?.hasOrganization
    ? myOrganisationHref(organisation, $storedOrganisationId.get())
    : null;
  for (const item of document.querySelectorAll<HTMLElement>('[data-when="my-organisation"]')) {
    item.hidden = href === null;
  }
  for (const link of document.querySelectorAll<HTMLAnchorElement>('a[data-my-organisation]')) {
    if (href) link.href = localized(href);
    // The sidebar names the organisation; the account menu says My Organisation.
    if (link.hasAttribute('data-organisation-name'))
      link.textContent = organisation?.legalName || m.layout_my_organisation();
  }
}

let started = false;
function start(): void {
  if (started) return;
  started = true;
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-logout]')) {
    button.addEventListener('click', () => void logout());
  }
  $profile.listen(showProfile);
  $myOrganisation.listen(showOrganisation);
  $storedOrganisationId.listen(showOrganisation);
}

export function showSessionDetails(user: CurrentUser): void {
  const previous = current;
  current = user;
  start();
  showProfile();
  showOrganisation();
  if (previous?.id !== user.id) void loadProfile(user.id);
  if (user.hasOrganization && !previous?.hasOrganization) void loadMyOrganisation();
}

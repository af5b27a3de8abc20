import type { CurrentUser } from '~/lib/currentUser';
import { href } from '~/lib/i18n';
import { fullNameOr } from '~/lib/people';
import { SITE_LINKS } from '~/lib/siteLinks';
import { $currentUser } from '~/stores/tokens';

/**
 * Shows the session in the server's HTML, which is the same for everyone (a visitor's): the
 * elements marked `data-when` are shown or hidden, the user's name and initial filled in. The
 * account slot keeps its width, so nothing shifts. Signed-in extras (picture, organisation)
 * load with ./sessionDetails, which needs the API client a visitor never downloads.
 */

/** Which `data-when` conditions hold for this user (null: a visitor). */
function conditionsOf(user: CurrentUser | null): Set<string> {
  const holds = new Set<string>([user ? 'user' : 'visitor']);
  if (!user || (!user.hasOrganization && !user.isChampion)) holds.add('register-organisation');
  // Only a hint: /admin and its API check the role on the server.
  if (user?.role === 'admin') holds.add('admin');
  return holds;
}

/** The user's name as the account menu shows it. */
export function displayNameOf(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'email'>): string {
  return fullNameOr(user, user.email);
}

export function showSession(user: CurrentUser | null, root: ParentNode = document): void {
  const holds = conditionsOf(user);
  for (const element of root.querySelectorAll<HTMLElement>('[data-when]')) {
    // 'my-organisation' is ./sessionDetails' to show, once it knows where the organisation is.
    if (element.dataset.when === 'my-organisation') {
      if (!user?.hasOrganization) element.hidden = true;
      continue;
    }
    element.hidden = !holds.has(element.dataset.when ?? '');
  }
  for (const link of root.querySelectorAll<HTMLAnchorElement>('a[data-start-campaign]')) {
    link.href = href(user ? SITE_LINKS.newCampaign : SITE_LINKS.signup);
  }
  if (!user) return;
  for (const initial of root.querySelectorAll('[data-user-initial]')) {
    initial.textContent = (user.firstName[0] ?? user.email[0] ?? '?').toUpperCase();
  }
  for (const name of root.querySelectorAll('[data-user-name]')) name.textContent = displayNameOf(user);
}

function applySession(user: CurrentUser | null): void {
  showSession(user);
  if (user) void import('./sessionDetails').then(({ showSessionDetails }) => showSessionDetails(user));
}

// Runs now, and again when another tab signs in or out (the tokens are persistent atoms).
$currentUser.subscribe(applySession);
// Module scripts have all run by DOMContentLoaded: from then on the page's controls answer (tests wait on it).
document.addEventListener('DOMContentLoaded', () => {
  document.documentElement.dataset.scripts = 'ready';
});

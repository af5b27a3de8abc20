import { href } from '~/lib/i18n';
import { SITE_LINKS, startCampaignSignupMessage } from '~/lib/siteLinks';
import { setFlash } from '~/stores/flash';
import { $currentUser } from '~/stores/tokens';

/**
 * START CAMPAIGN's click (SPEC §2), for every `a[data-start-campaign]` (./session points them at
 * the wizard's `?new`, which clears the previous creation state, or at sign-up). Visitors are
 * greeted on the sign-up page with the info message for 5 s. Without JavaScript it is a plain link
 * to sign-up. The wizard's store stays out of every page's navbar this way.
 */
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a[data-start-campaign]');
  if (!link) return;
  if ($currentUser.get()) return;
  setFlash(
    { id: 'start-campaign-signup', type: 'info', message: startCampaignSignupMessage(), duration: 5000 },
    // The sign-up page in this page's language (/zu/auth/signup) takes the greeting.
    href(SITE_LINKS.signup),
  );
});

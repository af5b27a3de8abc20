import { SITE_LINKS, START_CAMPAIGN_SIGNUP_MESSAGE } from '~/lib/siteLinks';
import { resetCampaignCreation } from '~/stores/campaignCreation';
import { setFlash } from '~/stores/flash';
import { $currentUser } from '~/stores/tokens';

/**
 * START CAMPAIGN's click (SPEC §2), for every `a[data-start-campaign]` (./session points them at
 * the wizard or sign-up). Signed in: clears the previous creation state. Visitors are greeted on
 * the sign-up page with the info message for 5 s. Without JavaScript it is a plain link to sign-up.
 */
document.addEventListener('click', (event) => {
  const link = (event.target as Element | null)?.closest?.('a[data-start-campaign]');
  if (!link) return;
  if ($currentUser.get()) {
    resetCampaignCreation();
    return;
  }
  setFlash(
    { id: 'start-campaign-signup', type: 'info', message: START_CAMPAIGN_SIGNUP_MESSAGE, duration: 5000 },
    SITE_LINKS.signup,
  );
});

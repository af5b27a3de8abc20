import { SITE_LINKS } from './siteLinks';

/**
 * What a campaign under review tells everyone (issue 25): the same words on its page, on its
 * donation page and in the API's refusal, so a donor reads one story wherever they meet it.
 */

/** A paused campaign refuses new donations (400) with this message, and its pages show it. */
export const DONATIONS_PAUSED_MESSAGE =
  'Donations to this campaign are paused while Letsema reviews it. Donations already made are safe.';

/** Where a donor reads what a review means (the public "Giving safely" page). */
export const GIVING_SAFELY_PATH = SITE_LINKS.givingSafely;

import { m } from '~/lib/i18n';

/**
 * Where the navigation, sidebar and footer point. FAQ and About Us are
 * "external" links in SPEC §2; until they have a home elsewhere they point to
 * our own information pages, so changing them is a one-line edit here.
 */
export const SITE_LINKS = {
  home: '/home',
  findCampaign: '/find-campaign',
  startCampaign: '/campaign/start',
  /** START CAMPAIGN: the wizard, emptied of any earlier creation state (the wizard drops `?new` once read). */
  newCampaign: '/campaign/start?new',
  signup: '/auth/signup',
  login: '/auth/login',
  profile: '/profile',
  registerOrganisation: '/organization/register',
  howItWorks: '/home/links?tab=how',
  feesAndPayouts: '/home/links?tab=about&about_tab=first',
  contactUs: '/home/links?tab=about&about_tab=second',
  privacy: '/home/links?tab=privacy',
  terms: '/home/links?tab=terms',
  faq: '/home/links?tab=how#faq',
  aboutUs: '/home/links?tab=about',
  /** What Verified means, how to report, what a review does, refunds (issue 25). */
  givingSafely: '/giving-safely',
  /** The back office: the account menu offers it to platform admins only. */
  backOffice: '/admin',
} as const;

/** Profile tabs chosen through navigation state (SPEC §2): 2 = My Campaigns, 3 = My Donations. */
export const PROFILE_TAB = { campaigns: 2, donations: 3 } as const;

/**
 * The profile link for a tab. The tab travels as `?tab=` (it survives a full
 * page load, unlike history state); the profile page reads it with `profileTabFrom`.
 */
export function profileTabHref(tab: number): string {
  return `${SITE_LINKS.profile}?tab=${tab}`;
}

/** The profile tab asked for by navigation state (`history.state.tab`) or, failing that, `?tab=`; null for none. */
export function profileTabFrom(state: unknown, search: string): number | null {
  const fromState = (state as { tab?: unknown } | null)?.tab;
  const raw = typeof fromState === 'number' ? fromState : Number(new URLSearchParams(search).get('tab'));
  return Number.isInteger(raw) && raw > 0 ? raw : null;
}

export const SOCIAL_LINKS = [
  { name: 'Facebook', href: 'https://www.facebook.com/letsemafunding' },
  { name: 'Instagram', href: 'https://www.instagram.com/letsemafunding' },
  { name: 'X', href: 'https://x.com/letsemafunding' },
  { name: 'LinkedIn', href: 'https://www.linkedin.com/company/letsema-crowdfunding' },
  { name: 'YouTube', href: 'https://www.youtube.com/@letsemafunding' },
] as const;

export type SocialName = (typeof SOCIAL_LINKS)[number]['name'];

/** The page a signed-out visitor lands on after START CAMPAIGN, with the SPEC §2 message (in English). */
export const START_CAMPAIGN_SIGNUP_MESSAGE = 'Create your profile and start your crowdfunding journey.';

/** START_CAMPAIGN_SIGNUP_MESSAGE in the page's language (call it at click time, never at module level). */
export function startCampaignSignupMessage(): string {
  return m.layout_start_campaign_signup();
}

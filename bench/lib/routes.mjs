// What the bench loads: demo data that every fresh database has (src/lib/server/db/seed).

/** The demo campaign with the most donations and a monthly tab. */
export const CAMPAIGN = 'siyakhula-saturday-school';
/** The organisation that runs it. */
export const ORGANISATION = 'siyakhula-education-trust';
/** A demo donor (src/lib/server/db/seed/demo-users.ts); startServer gives demo users DEMO_PASSWORD. */
export const DONOR_EMAIL = 'fatima.patel@letsema.test';
/** The demo campaign's owner (its editor's Insights tab). */
export const OWNER_EMAIL = 'anele.khumalo@letsema.test';
/** The demo platform admin (staff refunds in the soak). */
export const ADMIN_EMAIL = 'admin@letsema.test';

/** The pages whose weight is measured in Chromium, in the order of the report. */
export const WEIGHT_ROUTES = [
  { label: 'home', path: '/home' },
  { label: 'campaign page', path: `/campaign/${CAMPAIGN}` },
  { label: 'find-campaign', path: '/find-campaign' },
  { label: 'organisation page', path: `/organization/${ORGANISATION}` },
  { label: 'information page', path: '/how-it-works' },
  { label: 'donation page', path: `/donation/${CAMPAIGN}` },
  // Signed in as the demo donor (bench/lib/session.mjs): what the profile is for.
  { label: 'profile shell', path: '/profile', signedIn: true },
  // A visitor who is not signed in is sent on to the login page; its weight is counted too.
  { label: 'profile shell, signed out (on to the login page)', path: '/profile' },
  // Issue 26: the owner's dashboard, charts drawn on the server. The path needs the campaign's id.
  {
    label: 'campaign editor, Insights tab (owner)',
    path: '/campaign/edit/{id}?tab=insights',
    signedIn: 'owner',
    campaignUrl: CAMPAIGN,
  },
  // Issue 27: the same pages in isiZulu and Afrikaans, each weighed against its English page.
  { label: 'home (isiZulu)', path: '/zu/home', translationOf: 'home' },
  { label: 'campaign page (isiZulu)', path: `/zu/campaign/${CAMPAIGN}`, translationOf: 'campaign page' },
  { label: 'donation page (isiZulu)', path: `/zu/donation/${CAMPAIGN}`, translationOf: 'donation page' },
  { label: 'donation page (Afrikaans)', path: `/af/donation/${CAMPAIGN}`, translationOf: 'donation page' },
];

/** The translated pages measured, for issue 27's targets. */
export const TRANSLATED_WEIGHT_ROUTES = WEIGHT_ROUTES.filter((route) => route.translationOf);

/**
 * Lighthouse pages: issue 13's (home and campaign page, plus find-campaign and organisation) and
 * issue 23's (the donation page and the profile shell).
 */
export const LIGHTHOUSE_ROUTES = [
  ...WEIGHT_ROUTES.slice(0, 4),
  ...WEIGHT_ROUTES.slice(5, 7),
  // Issue 27: the translated home and campaign pages.
  ...WEIGHT_ROUTES.filter((route) => route.translationOf && !route.path.includes('/donation/')),
];

/** Pages loaded for throughput; each is also compared with a static asset of the same size. */
export const THROUGHPUT_PAGES = [
  { label: 'campaign page', path: `/campaign/${CAMPAIGN}` },
  { label: 'home', path: '/home' },
  { label: 'find-campaign', path: '/find-campaign' },
];

/** API reads loaded for throughput. */
export const THROUGHPUT_API = [
  { label: 'campaign detail API', path: `/api/v1/campaigns/short/${CAMPAIGN}?idType=0` },
  { label: 'campaign search API', path: '/api/v1/campaigns/filter-campaigns/?pageNo=1&pageSize=12' },
];

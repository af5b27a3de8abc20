// The routes whose answer is the same for every visitor who sends no credentials, and so may be
// cached (src/lib/server/http/middleware/pageCache.ts). Tokens live in the browser, so a page is
// never rendered for one person. Not here: pages that change state or read per-visitor secrets
// (/thanks, /auth/verify, /auth/invitation, password links), the simulator, the outbox, admin.
// A cacheable page may still answer one visitor now and then: it says so with
// `cache-control: no-store`, and that answer is not kept (/donation/[url]?cancelled={token}).

const PAGES = [
  '/home',
  '/home/links',
  '/campaign/[url]',
  '/champion/project/[url]',
  '/donation/[url]',
  '/find-campaign',
  '/organization/[url]',
  '/event/[slug]',
  '/[...slug]',
  '/how-it-works',
  '/giving-safely',
  '/privacy-policy',
  '/terms-and-conditions',
  '/auth/login',
  '/auth/signup',
  '/auth/forgot-password',
  '/profile',
  '/campaign/start',
  '/organization/register',
  '/champion/register',
  // What a campaign or organisation sends out into the world: link previews, posters, the widget.
  '/share/campaign/[url].png',
  '/share/organization/[url].png',
  '/share/event/[slug].png',
  '/campaign/[url]/qr.svg',
  '/campaign/[url]/poster.pdf',
  '/embed/campaign/[url]',
  '/sitemap.xml',
  '/sitemaps/[name].xml',
  '/robots.txt',
];

/** Public reads the pages' islands make; each answers a visitor without a token the same way. */
const API = [
  '/api/v1/campaigns/short/[identifier]',
  '/api/v1/campaigns/filter-campaigns',
  '/api/v1/campaigns/campaign-updates/list/[identifier]',
  '/api/v1/campaigns/categories',
  '/api/v1/campaigns/sub-categories',
  '/api/v1/campaigns/close-reasons',
  '/api/v1/donations/list/campaign/[identifier]',
  '/api/v1/donations/list/campaign/top/[identifier]',
  '/api/v1/organizations/short/[identifier]',
  '/api/v1/organizations/filter-organizations',
  '/api/v1/organisations/users/champions/[organizationId]',
  '/api/v1/organizations/type',
  '/api/v1/organizations/sector',
  '/api/v1/organizations/position',
  '/api/v1/currencies',
  '/api/v1/events',
  '/api/v1/banner',
  '/api/v1/account-types',
  '/api/v1/paysoft/banks',
];

const CACHEABLE = new Set([...PAGES, ...API]);

export function isCacheableRoute(routePattern: string): boolean {
  return CACHEABLE.has(routePattern);
}

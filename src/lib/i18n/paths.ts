import { baseLocale, isLocale, type Locale } from './languages';

/**
 * Which pages speak every language (issue 27): the visitor's and the donor's pages. The owner's
 * editor, the organisation tools and the back office stay in English for now; their addresses have
 * no language prefix, and a prefixed one is sent to the English page.
 *
 * Each entry is Astro's route pattern (what `ctx.routePattern` says after the language is taken
 * off) and a test of an English path for links.
 */
export const TRANSLATED_ROUTES: readonly { route: string; path: RegExp }[] = [
  { route: '/', path: /^\/$/ },
  { route: '/home', path: /^\/home$/ },
  { route: '/home/links', path: /^\/home\/links$/ },
  { route: '/how-it-works', path: /^\/how-it-works$/ },
  { route: '/giving-safely', path: /^\/giving-safely$/ },
  { route: '/privacy-policy', path: /^\/privacy-policy$/ },
  { route: '/terms-and-conditions', path: /^\/terms-and-conditions$/ },
  { route: '/find-campaign', path: /^\/find-campaign$/ },
  { route: '/campaign/[url]', path: /^\/campaign\/(?!start$|edit$)[^/]+$/ },
  { route: '/champion/project/[url]', path: /^\/champion\/project\/[^/]+$/ },
  { route: '/organization/[url]', path: /^\/organization\/(?!register$|edit$)[^/]+$/ },
  { route: '/event/[slug]', path: /^\/event\/[^/]+$/ },
  { route: '/donation/[url]', path: /^\/donation\/(?!iveri$)[^/]+$/ },
  { route: '/thanks', path: /^\/thanks$/ },
  { route: '/monthly-donation', path: /^\/monthly-donation$/ },
  { route: '/auth/login', path: /^\/auth\/login$/ },
  { route: '/auth/signup', path: /^\/auth\/signup$/ },
  { route: '/auth/forgot-password', path: /^\/auth\/forgot-password$/ },
  { route: '/profile', path: /^\/profile$/ },
  { route: '/unsubscribe', path: /^\/unsubscribe$/ },
  { route: '/misc/404', path: /^\/misc\/404$/ },
  { route: '/404', path: /^\/404$/ },
  { route: '/500', path: /^\/500$/ },
  // The pictures and print that carry words: link-preview cards and the A4 poster, in the page's language.
  { route: '/campaign/[url]/poster.pdf', path: /^\/campaign\/[^/]+\/poster\.pdf$/ },
  { route: '/share/campaign/[url].png', path: /^\/share\/campaign\/[^/]+\.png$/ },
  { route: '/share/organization/[url].png', path: /^\/share\/organization\/[^/]+\.png$/ },
  { route: '/share/event/[slug].png', path: /^\/share\/event\/[^/]+\.png$/ },
  // A campaign's short address (/{url}); the other one-segment pages are listed below as English.
  { route: '/[...slug]', path: /^\/[^/]+$/ },
];

/** One-segment addresses that are pages of their own, in English only (not a campaign's short address). */
const ENGLISH_ONLY_TOP = new Set([
  '/admin',
  '/api',
  '/dev',
  '/embed',
  '/files',
  '/owner-mail',
  '/payout',
  '/report',
  '/sandbox',
  '/share',
  '/sitemaps',
  '/robots.txt',
  '/sitemap.xml',
  '/favicon.svg',
  '/favicon-32.png',
  '/apple-touch-icon.png',
  '/og-image.png',
]);

const TRANSLATED_PATTERNS = new Set(TRANSLATED_ROUTES.map((r) => r.route));

/** Whether Astro's route (as `ctx.routePattern` names it) has pages in every language. */
export function isTranslatedRoute(routePattern: string): boolean {
  return TRANSLATED_PATTERNS.has(routePattern);
}

/** Whether an English path (no query) is a page in every language. */
export function isTranslatedPath(path: string): boolean {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  if (ENGLISH_ONLY_TOP.has(clean) || /^\/(_astro|api|sandbox|dev|files|embed)\//.test(clean)) return false;
  if (isLocale(clean.slice(1))) return false;
  return TRANSLATED_ROUTES.some((r) => r.path.test(clean));
}

/** A request path split into its language and the English path: `/zu/home` → zu, `/home`. */
export function splitLocalePath(pathname: string): { locale: Locale; path: string } {
  const match = /^\/([a-z]{2,3})(\/.*)?$/.exec(pathname);
  if (match?.[1] && match[1] !== baseLocale && isLocale(match[1])) {
    return { locale: match[1], path: match[2] && match[2] !== '' ? match[2] : '/' };
  }
  return { locale: baseLocale, path: pathname };
}

/**
 * An address in a language: `/campaign/x?ref=qr` in isiZulu is `/zu/campaign/x?ref=qr`. English
 * addresses are today's. A page that is English only, another site, a hash or a file keeps its
 * address. An address already in a language is first taken back to English.
 */
export function localizeHref(href: string, locale: Locale): string {
  if (!href.startsWith('/') || href.startsWith('//')) return href;
  const cut = href.search(/[?#]/);
  const rawPath = cut === -1 ? href : href.slice(0, cut);
  const rest = cut === -1 ? '' : href.slice(cut);
  const { path } = splitLocalePath(rawPath);
  if (locale === baseLocale || !isTranslatedPath(path)) return path + rest;
  return `/${locale}${path === '/' ? '' : path}${rest}`;
}

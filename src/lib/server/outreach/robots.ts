import { baseLocale, locales } from '~/lib/i18n/languages';
import { env } from '~/lib/server/platform/env';
import { absoluteUrl } from './markup';

/**
 * Paths no search engine should crawl: tools (the gateway simulator, the dev outbox, the back
 * office), the API and the sign-in links, pages that show one person's data, and the widget,
 * which belongs on partners' sites, not in search results beside the campaign page it copies.
 */
export const DISALLOWED_PATHS = [
  '/sandbox',
  '/dev',
  '/admin',
  '/api/',
  '/auth/',
  '/profile',
  '/payout',
  '/thanks',
  '/donation/',
  '/campaign/edit/',
  '/organization/edit/',
  '/embed/',
] as const;

/**
 * /robots.txt: the paths above, in English and under each language's prefix (/zu/thanks), and the
 * sitemap. Everything else may be crawled without saying so: an `Allow: /` first would be read by
 * first-match parsers as allowing everything.
 */
export function robotsTxt(publicUrl: string = env.publicUrl): string {
  const prefixes = ['', ...locales.filter((l) => l !== baseLocale).map((l) => `/${l}`)];
  return [
    'User-agent: *',
    ...prefixes.flatMap((prefix) => DISALLOWED_PATHS.map((path) => `Disallow: ${prefix}${path}`)),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

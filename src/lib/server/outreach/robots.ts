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

/** /robots.txt: everything else may be crawled, and the sitemap says where the public pages are. */
export function robotsTxt(publicUrl: string = env.publicUrl): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${absoluteUrl(publicUrl, '/sitemap.xml')}`,
    '',
  ].join('\n');
}

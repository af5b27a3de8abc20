import type { ShareImageMeta } from '~/lib/server/sharing/cardContent';
import type { JsonLd } from '~/lib/server/sharing/structuredData';

/**
 * What a public page about one campaign, organisation or event tells browsers, link previews and
 * search engines: built with the page's data (campaignPageMeta, loadOrganisationPage, loadEventPageData).
 */
export interface ProfileMeta {
  title: string;
  description: string;
  /** The thing's share card, in the page's language. */
  shareImage: ShareImageMeta;
  jsonLd: JsonLd;
  /** The page's one address when several paths show it. */
  canonicalPath: string;
  noindex?: boolean;
}

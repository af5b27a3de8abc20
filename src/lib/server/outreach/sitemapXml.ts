import { escapeMarkup } from './markup';

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  lastmod?: Date | null;
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

function entryXml(tag: 'url' | 'sitemap', entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
  // Every URL is escaped: the info pages' addresses carry '&', which raw would break the XML.
  return `<${tag}><loc>${escapeMarkup(entry.loc)}</loc>${lastmod}</${tag}>`;
}

/** A `<urlset>`: one sitemap's URLs. */
export function urlSetXml(entries: readonly SitemapEntry[]): string {
  return [
    XML_DECLARATION,
    `<urlset xmlns="${SITEMAP_NAMESPACE}">`,
    ...entries.map((e) => entryXml('url', e)),
    '</urlset>',
    '',
  ].join('\n');
}

/** A `<sitemapindex>`: where the sitemaps are. */
export function sitemapIndexXml(entries: readonly SitemapEntry[]): string {
  return [
    XML_DECLARATION,
    `<sitemapindex xmlns="${SITEMAP_NAMESPACE}">`,
    ...entries.map((e) => entryXml('sitemap', e)),
    '</sitemapindex>',
    '',
  ].join('\n');
}

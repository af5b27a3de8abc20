import { escapeMarkup } from './markup';

export interface SitemapEntry {
  /** Absolute URL. */
  loc: string;
  lastmod?: Date | null;
  /** The same page in every language, itself included (absolute URLs): `<xhtml:link rel="alternate">`. */
  alternates?: readonly { hreflang: string; href: string }[];
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

function entryXml(tag: 'url' | 'sitemap', entry: SitemapEntry): string {
  const lastmod = entry.lastmod ? `<lastmod>${entry.lastmod.toISOString()}</lastmod>` : '';
  // Every URL is escaped: the info pages' addresses carry '&', which raw would break the XML.
  const alternates = (entry.alternates ?? [])
    .map((alt) => `<xhtml:link rel="alternate" hreflang="${alt.hreflang}" href="${escapeMarkup(alt.href)}"/>`)
    .join('');
  return `<${tag}><loc>${escapeMarkup(entry.loc)}</loc>${lastmod}${alternates}</${tag}>`;
}

/**
 * A `<urlset>`: one sitemap's URLs. A page in several languages is listed once per language, each
 * naming all of them (Google's "Localized versions of your page": hreflang in sitemaps).
 */
export function urlSetXml(entries: readonly SitemapEntry[]): string {
  return [
    XML_DECLARATION,
    `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">`,
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

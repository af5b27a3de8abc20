/**
 * The sitemap's names and pages, without the database: /sitemap.xml lists `pages`, then
 * `campaigns-1…n` and `organizations-1…m`, each /sitemaps/{name}.xml holding up to a page of URLs.
 */

/**
 * Pages per sitemap. Each is listed in five languages with its six alternates (issue 27), so a
 * sitemap of 2 000 pages is 10 000 URLs and about 8 MB: well below the protocol's 50 000 URLs and
 * 50 MB, and quick to build.
 */
export const SITEMAP_PAGE_SIZE = 2_000;

export type SitemapKind = 'campaigns' | 'organizations';
export type SitemapName = { kind: 'pages' } | { kind: SitemapKind; page: number };

const PAGED_NAME = /^(campaigns|organizations)-([1-9][0-9]{0,8})$/;

/** What /sitemaps/{name}.xml names, or null for a name no sitemap has. */
export function parseSitemapName(name: string): SitemapName | null {
  if (name === 'pages') return { kind: 'pages' };
  const match = PAGED_NAME.exec(name);
  if (!match) return null;
  return { kind: match[1] as SitemapKind, page: Number(match[2]) };
}

export function sitemapNameOf(name: SitemapName): string {
  return name.kind === 'pages' ? 'pages' : `${name.kind}-${name.page}`;
}

/** Pages for `total` URLs; none for none. */
export function sitemapPageCount(total: number, pageSize: number = SITEMAP_PAGE_SIZE): number {
  return Math.ceil(Math.max(total, 0) / pageSize);
}

/** The offset and limit of page `page` (1-based), or null past the last page. */
export function sitemapPageRange(
  page: number,
  total: number,
  pageSize: number = SITEMAP_PAGE_SIZE,
): { offset: number; limit: number } | null {
  if (!Number.isInteger(page) || page < 1 || page > sitemapPageCount(total, pageSize)) return null;
  return { offset: (page - 1) * pageSize, limit: pageSize };
}

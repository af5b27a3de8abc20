import { and, asc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { CampaignStatus } from '~/lib/enums';
import { eventHref } from '~/lib/eventLinks';
import { languageLinks } from '~/lib/i18n/alternates';
import { dependsOn, LISTS_TAG } from '~/lib/server/cache/tags';
import { effectiveStatusSql, publiclySearchable } from '~/lib/server/campaigns/cards';
import { getDb } from '~/lib/server/db';
import { campaigns, events, organisations } from '~/lib/server/db/schema';
import { ABOUT_TABS, INFO_TABS, infoTabHref } from '~/lib/server/outreach/infoTabs';
import { env } from '~/lib/server/platform/env';
import { absoluteUrl } from './markup';
import {
  parseSitemapName,
  SITEMAP_PAGE_SIZE,
  type SitemapKind,
  sitemapNameOf,
  sitemapPageRange,
} from './sitemapPaging';
import { type SitemapEntry, sitemapIndexXml, urlSetXml } from './sitemapXml';

/** A campaign that ended (closed, or past its end date) longer ago than this leaves the sitemap. */
export const LONG_ENDED_DAYS = 90;
const DAY_MS = 86_400_000;

export interface SitemapOptions {
  pageSize?: number;
  now?: Date;
  publicUrl?: string;
}

/** Public pages that are not a campaign or an organisation: home, search and the information tabs. */
function staticPaths(): string[] {
  const infoTabs = INFO_TABS.map((t) => infoTabHref(t.tab));
  const aboutTabs = ABOUT_TABS.filter((t) => t.aboutTab).map((t) => infoTabHref('about', t.aboutTab));
  return ['/home', '/find-campaign', ...infoTabs, ...aboutTabs];
}

/**
 * Every event's page (/event/{slug}), in the `pages` sitemap: events are an admin's short list,
 * never enough for sitemaps of their own. A change to an event announces the whole site.
 */
async function eventPaths(): Promise<string[]> {
  const db = await getDb();
  const rows = await db.select({ slug: events.slug }).from(events).orderBy(asc(events.id));
  return rows.map((row) => eventHref(row.slug));
}

/**
 * Campaigns a search engine should list: those search shows (launched, public, not hidden), less
 * the ones that ended more than LONG_ENDED_DAYS ago: their page still answers, but nobody can give.
 */
function listedCampaigns(now: Date): SQL {
  const cutoff = new Date(now.getTime() - LONG_ENDED_DAYS * DAY_MS);
  const endedAt = sql`(case
    when "campaigns"."status" = ${CampaignStatus.Closed}
      then coalesce("campaigns"."closed_at", "campaigns"."end_date", "campaigns"."updated_at")
    when ${effectiveStatusSql} = ${CampaignStatus.Expired} then "campaigns"."end_date"
  end)`;
  return and(publiclySearchable, sql`(${endedAt} is null or ${endedAt} >= ${cutoff})`) as SQL;
}

/** Every organisation has a public page (/organization/{url}). */
const listedOrganisations: SQL = sql`true`;

const SOURCES = {
  campaigns: { table: campaigns, pathOf: (url: string) => `/campaign/${encodeURIComponent(url)}` },
  organizations: {
    table: organisations,
    pathOf: (url: string) => `/organization/${encodeURIComponent(url)}`,
  },
} as const;

function whereOf(kind: SitemapKind, now: Date): SQL {
  return kind === 'campaigns' ? listedCampaigns(now) : listedOrganisations;
}

/** The pages of one kind with the latest change on each, in one query (a window over the listing order). */
async function pagesOf(
  kind: SitemapKind,
  now: Date,
  pageSize: number,
): Promise<{ page: number; lastmod: Date }[]> {
  const { table } = SOURCES[kind];
  const db = await getDb();
  const ranked = db
    .select({
      updatedAt: table.updatedAt,
      page: sql<number>`((row_number() over (order by ${table.createdAt}, ${table.id}) - 1) / ${pageSize})::int`.as(
        'page',
      ),
    })
    .from(table)
    .where(whereOf(kind, now))
    .as('ranked');
  const rows = await db
    .select({
      page: ranked.page,
      lastmod: sql`max(${ranked.updatedAt})`.mapWith(table.updatedAt as PgColumn),
    })
    .from(ranked)
    .groupBy(ranked.page)
    .orderBy(asc(ranked.page));
  return rows.map((r) => ({ page: Number(r.page) + 1, lastmod: r.lastmod as Date }));
}

/** /sitemap.xml: the pages' sitemap (events included), then every page of campaigns and of organisations. */
export async function sitemapIndex(options: SitemapOptions = {}): Promise<string> {
  const { pageSize = SITEMAP_PAGE_SIZE, now = new Date(), publicUrl = env.publicUrl } = options;
  dependsOn(LISTS_TAG);
  const [campaignPages, organisationPages] = await Promise.all([
    pagesOf('campaigns', now, pageSize),
    pagesOf('organizations', now, pageSize),
  ]);
  const loc = (name: string): string => absoluteUrl(publicUrl, `/sitemaps/${name}.xml`);
  const entries: SitemapEntry[] = [
    { loc: loc('pages') },
    ...campaignPages.map((p) => ({
      loc: loc(sitemapNameOf({ kind: 'campaigns', page: p.page })),
      lastmod: p.lastmod,
    })),
    ...organisationPages.map((p) => ({
      loc: loc(sitemapNameOf({ kind: 'organizations', page: p.page })),
      lastmod: p.lastmod,
    })),
  ];
  return sitemapIndexXml(entries);
}

async function countOf(kind: SitemapKind, now: Date): Promise<number> {
  const { table } = SOURCES[kind];
  const db = await getDb();
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(table)
    .where(whereOf(kind, now));
  return row?.n ?? 0;
}

async function entriesOf(
  kind: SitemapKind,
  page: number,
  now: Date,
  pageSize: number,
  publicUrl: string,
): Promise<SitemapEntry[] | null> {
  const range = sitemapPageRange(page, await countOf(kind, now), pageSize);
  if (!range) return null;
  const { table, pathOf } = SOURCES[kind];
  const db = await getDb();
  const rows = await db
    .select({ url: table.url, updatedAt: table.updatedAt })
    .from(table)
    .where(whereOf(kind, now))
    .orderBy(asc(table.createdAt), asc(table.id))
    .limit(range.limit)
    .offset(range.offset);
  return rows.flatMap((r) => inEveryLanguage({ loc: pathOf(r.url), lastmod: r.updatedAt }, publicUrl));
}

/**
 * A page's entries: one per language it speaks (English first), each with the same alternates, so
 * a sitemap of SITEMAP_PAGE_SIZE pages stays within the protocol's 50 000 URLs in five languages.
 */
function inEveryLanguage(entry: SitemapEntry, publicUrl: string): SitemapEntry[] {
  const [path = entry.loc, query] = entry.loc.split('?');
  const links = languageLinks(path, query ? `?${query}` : '');
  if (links.length === 0) return [{ ...entry, loc: absoluteUrl(publicUrl, entry.loc) }];
  const alternates = links.map((link) => ({
    hreflang: link.htmlLang,
    href: absoluteUrl(publicUrl, link.href),
  }));
  return alternates.map((alt) => ({ ...entry, loc: alt.href, alternates }));
}

/** /sitemaps/{name}.xml, or null for a name no sitemap has (unknown, or a page past the last). */
export async function sitemapPage(name: string, options: SitemapOptions = {}): Promise<string | null> {
  const { pageSize = SITEMAP_PAGE_SIZE, now = new Date(), publicUrl = env.publicUrl } = options;
  const parsed = parseSitemapName(name);
  if (!parsed) return null;
  if (parsed.kind === 'pages') {
    const paths = [...staticPaths(), ...(await eventPaths())];
    return urlSetXml(paths.flatMap((path) => inEveryLanguage({ loc: path }, publicUrl)));
  }
  dependsOn(LISTS_TAG);
  const entries = await entriesOf(parsed.kind, parsed.page, now, pageSize, publicUrl);
  return entries ? urlSetXml(entries) : null;
}

import type { APIRoute } from 'astro';
import { xmlResponse } from '~/lib/server/outreach/responses';
import { sitemapIndex } from '~/lib/server/outreach/sitemap';

/** The sitemap index: where search engines find the public pages, campaigns and organisations. */
export const GET: APIRoute = async () => xmlResponse(await sitemapIndex());

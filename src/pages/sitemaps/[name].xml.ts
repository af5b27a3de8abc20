import type { APIRoute } from 'astro';
import { xmlResponse } from '~/lib/server/outreach/responses';
import { sitemapPage } from '~/lib/server/outreach/sitemap';

/** One sitemap: `pages`, `campaigns-{n}` or `organizations-{n}`; 404 for any other name or a page past the last. */
export const GET: APIRoute = async (ctx) => xmlResponse(await sitemapPage(ctx.params.name ?? ''));

import type { APIRoute } from 'astro';
import { shareCardResponse } from '~/lib/server/sharing/cardResponse';
import { getEventShareCard } from '~/lib/server/sharing/shareCards';

/** An event's 1200×630 link-preview image; `?v=` in the page's address only makes it new to crawlers. */
export const GET: APIRoute = async (ctx) => shareCardResponse(await getEventShareCard(ctx.params.slug ?? ''));

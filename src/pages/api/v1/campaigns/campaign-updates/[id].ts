import type { APIRoute } from 'astro';
import { getCampaignUpdate } from '~/lib/server/campaignUpdates';
import { ok } from '~/lib/server/http';

export const GET: APIRoute = async (ctx) => ok(await getCampaignUpdate(ctx.params.id ?? '', ctx.locals.user));

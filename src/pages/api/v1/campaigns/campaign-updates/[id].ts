import type { APIRoute } from 'astro';
import { getCampaignUpdate } from '~/lib/server/campaigns/updates';
import { ok } from '~/lib/server/http/responses';

export const GET: APIRoute = async (ctx) => ok(await getCampaignUpdate(ctx.params.id ?? '', ctx.locals.user));

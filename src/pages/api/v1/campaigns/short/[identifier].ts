import type { APIRoute } from 'astro';
import { getPublicCampaignDetail, idTypeOf } from '~/lib/server/campaigns/details';
import { ok } from '~/lib/server/http/responses';

/** Public; a signed-in viewer who may change the campaign also sees it as a draft or hidden. */
export const GET: APIRoute = async (ctx) => {
  const idType = idTypeOf(ctx.url.searchParams.get('idType'));
  return ok(await getPublicCampaignDetail(ctx.params.identifier ?? '', idType, ctx.locals.user));
};

import type { APIRoute } from 'astro';
import { idTypeOf } from '~/lib/server/campaigns/details';
import { listCampaignDonations } from '~/lib/server/donations/lists';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';

/** Public: a campaign's accepted donations, newest first unless `orderByDesc=false`, 10 a page by default. */
export const GET: APIRoute = async (ctx) => {
  const params = ctx.url.searchParams;
  const page = pageQueryOf(params, 10, 50);
  const newestFirst = params.get('orderByDesc') !== 'false';
  const idType = idTypeOf(params.get('idType'));
  return ok(
    await listCampaignDonations(ctx.params.identifier ?? '', idType, ctx.locals.user, page, newestFirst),
  );
};

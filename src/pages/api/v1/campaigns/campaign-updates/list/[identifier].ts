import type { APIRoute } from 'astro';
import { PAGE_SIZES } from '~/lib/enums';
import { idTypeOf } from '~/lib/server/campaigns/details';
import { listCampaignUpdates } from '~/lib/server/campaigns/updates';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';

/** Public: a campaign's updates, newest first, 5 a page by default. */
export const GET: APIRoute = async (ctx) => {
  const params = ctx.url.searchParams;
  const page = pageQueryOf(params, PAGE_SIZES.campaignUpdates, 20);
  const idType = idTypeOf(params.get('idType'));
  return ok(await listCampaignUpdates(ctx.params.identifier ?? '', idType, ctx.locals.user, page));
};

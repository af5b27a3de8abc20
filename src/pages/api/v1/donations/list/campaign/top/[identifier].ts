import type { APIRoute } from 'astro';
import { PAGE_SIZES } from '~/lib/enums';
import { idTypeOf } from '~/lib/server/campaigns/details';
import { listTopDonations } from '~/lib/server/donations/lists';
import { intParam } from '~/lib/server/http/params';
import { ok } from '~/lib/server/http/responses';

/** Public: a campaign's largest accepted donations (3 by default, at most 10). */
export const GET: APIRoute = async (ctx) => {
  const params = ctx.url.searchParams;
  const size = intParam(params.get('size'), PAGE_SIZES.topDonations, 10);
  const idType = idTypeOf(params.get('idType'));
  return ok(await listTopDonations(ctx.params.identifier ?? '', idType, ctx.locals.user, size));
};

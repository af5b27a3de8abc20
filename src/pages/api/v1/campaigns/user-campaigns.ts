import type { APIRoute } from 'astro';
import { PAGE_SIZES } from '~/lib/enums';
import { requireUser } from '~/lib/server/accounts/session';
import { listUserCampaigns } from '~/lib/server/campaigns/lists';
import { intParam, ok } from '~/lib/server/http/index';

export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const params = ctx.url.searchParams;
  const page = {
    pageNo: intParam(params.get('pageNo'), 1),
    pageSize: intParam(params.get('pageSize'), PAGE_SIZES.userCampaigns, 50),
  };
  return ok(await listUserCampaigns(user, page));
};

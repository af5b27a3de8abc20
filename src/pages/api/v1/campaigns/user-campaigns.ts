import type { APIRoute } from 'astro';
import { PAGE_SIZES } from '~/lib/enums';
import { listUserCampaigns } from '~/lib/server/campaignLists';
import { intParam, ok } from '~/lib/server/http';
import { requireUser } from '~/lib/server/session';

export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const params = ctx.url.searchParams;
  const page = {
    pageNo: intParam(params.get('pageNo'), 1),
    pageSize: intParam(params.get('pageSize'), PAGE_SIZES.userCampaigns, 50),
  };
  return ok(await listUserCampaigns(user, page));
};

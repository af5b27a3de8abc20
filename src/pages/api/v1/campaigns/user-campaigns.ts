import type { APIRoute } from 'astro';
import { PAGE_SIZES } from '~/lib/enums';
import { requireUser } from '~/lib/server/accounts/session';
import { listUserCampaigns } from '~/lib/server/campaigns/lists';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';

export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  return ok(await listUserCampaigns(user, pageQueryOf(ctx.url.searchParams, PAGE_SIZES.userCampaigns, 50)));
};

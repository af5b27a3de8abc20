import type { APIRoute } from 'astro';
import { PAGE_SIZES } from '~/lib/enums';
import { requireUser } from '~/lib/server/accounts/session';
import { listUserOnceOffDonations } from '~/lib/server/donations/lists';
import { intParam, ok } from '~/lib/server/http/index';

/** The signed-in user's once-off donations, newest first, 5 a page by default. */
export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const params = ctx.url.searchParams;
  const page = {
    pageNo: intParam(params.get('pageNo'), 1),
    pageSize: intParam(params.get('pageSize'), PAGE_SIZES.userDonations, 50),
  };
  return ok(await listUserOnceOffDonations(user, page));
};

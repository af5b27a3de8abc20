import type { APIRoute } from 'astro';
import { PAGE_SIZES } from '~/lib/enums';
import { requireUser } from '~/lib/server/accounts/session';
import { listUserRecurringDonations } from '~/lib/server/donations/lists';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';

/** The signed-in user's recurring donations, newest first, 5 a page by default. */
export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  return ok(
    await listUserRecurringDonations(user, pageQueryOf(ctx.url.searchParams, PAGE_SIZES.userDonations, 50)),
  );
};

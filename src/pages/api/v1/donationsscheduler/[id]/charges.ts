import type { APIRoute } from 'astro';
import { PAGE_SIZES } from '~/lib/enums';
import { listRecurringCharges } from '~/lib/server/donations/recurring';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';

/** A monthly donation's charges, newest first, 5 a page by default: by its token or (signed in) its id. */
export const GET: APIRoute = async (ctx) =>
  ok(
    await listRecurringCharges(
      ctx.params.id ?? '',
      ctx,
      pageQueryOf(ctx.url.searchParams, PAGE_SIZES.userDonations, 50),
    ),
  );

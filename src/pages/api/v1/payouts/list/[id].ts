import type { APIRoute } from 'astro';
import { PAGE_SIZES } from '~/lib/enums';
import { requireUser } from '~/lib/server/accounts/session';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';
import { listPayouts } from '~/lib/server/payouts/listPayouts';

/** A campaign's or an organisation's payouts, newest first, 5 a page (docs/api/payouts.md). */
export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const page = pageQueryOf(ctx.url.searchParams, PAGE_SIZES.payouts, 50);
  return ok(await listPayouts(user, ctx.params.id ?? '', page));
};

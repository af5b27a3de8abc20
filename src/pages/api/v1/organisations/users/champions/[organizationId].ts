import type { APIRoute } from 'astro';
import { PAGE_SIZES } from '~/lib/enums';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';
import { listChampions } from '~/lib/server/organisations/champions';

/**
 * Public: an organisation's champions, 5 a page by default; emails only for its Owners and Admins.
 * `sort=raised` ranks them by what they raised (the leaderboard); anything else, oldest first.
 */
export const GET: APIRoute = async (ctx) => {
  const page = pageQueryOf(ctx.url.searchParams, PAGE_SIZES.champions, 50);
  const order = ctx.url.searchParams.get('sort') === 'raised' ? 'raised' : 'joined';
  return ok(await listChampions(ctx.params.organizationId ?? '', ctx.locals.user, page, order));
};

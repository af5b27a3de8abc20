import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { listCampaignDonorsPage, OWNER_DONATION_PAGE_SIZE } from '~/lib/server/donations/ownerDonations';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';

/** Who gave: the campaign's counted donations, newest first, with totals (owner, team, organisation). */
export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const { default: size, max } = OWNER_DONATION_PAGE_SIZE;
  const page = pageQueryOf(ctx.url.searchParams, size, max);
  return ok(await listCampaignDonorsPage(user, ctx.params.id ?? '', page));
};

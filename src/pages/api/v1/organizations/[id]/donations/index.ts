import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { listOrganisationDonorsPage, OWNER_DONATION_PAGE_SIZE } from '~/lib/server/donations/ownerDonations';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';

/** Who gave to any of the organisation's campaigns, newest first, with totals (Owners and Admins). */
export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const { default: size, max } = OWNER_DONATION_PAGE_SIZE;
  const page = pageQueryOf(ctx.url.searchParams, size, max);
  return ok(await listOrganisationDonorsPage(user, ctx.params.id ?? '', page));
};

import type { APIRoute } from 'astro';
import { getDonationDetail } from '~/lib/server/donations/access';
import { ok } from '~/lib/server/http/responses';

/** One donation: by its token for the donor, by its id for the donor's account, the campaign's team or an admin. */
export const GET: APIRoute = async (ctx) => ok(await getDonationDetail(ctx.params.id ?? '', ctx));

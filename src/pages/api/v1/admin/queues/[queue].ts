import type { APIRoute } from 'astro';
import { requireAdmin } from '~/lib/server/accounts/session';
import { listAdminQueue } from '~/lib/server/admin/queues';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';

/** One queue, paged: campaignVerifications, organisationVerifications, bankingDetails, payouts, eftDonations. */
export const GET: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  return ok(await listAdminQueue(ctx.params.queue ?? '', pageQueryOf(ctx.url.searchParams, 10, 50)));
};

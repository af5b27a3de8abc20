import type { APIRoute } from 'astro';
import { requireAdmin } from '~/lib/server/accounts/session';
import { listAdminQueues } from '~/lib/server/admin/queues';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';

/** Every queue's first page (10 by default), oldest first, with counts. */
export const GET: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  return ok(await listAdminQueues(pageQueryOf(ctx.url.searchParams, 10, 50)));
};

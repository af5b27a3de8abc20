import type { APIRoute } from 'astro';
import { requireAdmin } from '~/lib/server/accounts/session';
import { listAuditEntries } from '~/lib/server/admin/auditLog';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';

/** The audit log, newest first: `?pageNo&pageSize&entity&entityId` (20 a page by default). */
export const GET: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  const params = ctx.url.searchParams;
  return ok(
    await listAuditEntries(pageQueryOf(params, 20, 100), {
      entity: params.get('entity'),
      entityId: params.get('entityId'),
    }),
  );
};

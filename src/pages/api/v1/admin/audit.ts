import type { APIRoute } from 'astro';
import { auditFilterInput, auditFilterSchema } from '~/lib/schemas/auditFilter';
import { requireAdmin } from '~/lib/server/accounts/session';
import { listAuditEntries } from '~/lib/server/admin/auditLog';
import { pageQueryOf } from '~/lib/server/http/paging';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

/** The audit log in words, newest first: `?pageNo&pageSize&actor&action&entity&entityId&from&to` (20 a page). */
export const GET: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  const params = ctx.url.searchParams;
  const filter = parseInput(auditFilterSchema, auditFilterInput(params));
  return ok(await listAuditEntries(pageQueryOf(params, 20, 100), filter));
};

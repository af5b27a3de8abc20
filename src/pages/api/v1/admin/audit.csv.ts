import type { APIRoute } from 'astro';
import { auditFilterInput, auditFilterSchema } from '~/lib/schemas/auditFilter';
import { requireAdmin } from '~/lib/server/accounts/session';
import { exportAuditLog } from '~/lib/server/admin/auditCsv';
import { parseInput } from '~/lib/server/http/parseInput';

/** The audit log as CSV, with the list's filters (`?actor&action&entity&entityId&from&to`). */
export const GET: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  const filter = parseInput(auditFilterSchema, auditFilterInput(ctx.url.searchParams));
  const { csv, filename } = await exportAuditLog(filter);
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
};

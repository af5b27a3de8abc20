import type { APIRoute } from 'astro';
import { requireAdmin } from '~/lib/server/accounts/session';
import { ok } from '~/lib/server/http/responses';
import { listReportGroups } from '~/lib/server/moderation/reportQueue';

/** The reports queue: open reports grouped per campaign or organisation. */
export const GET: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  return ok(await listReportGroups());
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '~/lib/server/accounts/session';
import { ok } from '~/lib/server/http/responses';
import { listPendingRefundRequests } from '~/lib/server/refunds/refundRequests';

/** Donors' pending refund requests, oldest first. */
export const GET: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  return ok(await listPendingRefundRequests());
};

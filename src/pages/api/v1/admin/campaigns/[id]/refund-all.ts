import type { APIRoute } from 'astro';
import { refundAllSchema } from '~/lib/schemas/refunds';
import { requireAdmin } from '~/lib/server/accounts/session';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { refundAllDonations } from '~/lib/server/refunds/campaignRefunds';

/** Staff refund every accepted donation of a campaign: `{ reason }` (docs/api/refunds.md). */
export const POST: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const { reason } = parseInput(refundAllSchema, await readJson(ctx));
  const result = await refundAllDonations(ctx.params.id ?? '', reason, admin.id);
  return ok(result, 'The campaign’s donations were refunded.');
};

import type { APIRoute } from 'astro';
import { requireAdmin } from '~/lib/server/accounts/session';
import { ok } from '~/lib/server/http/responses';
import { loadCampaignRefunds } from '~/lib/server/refunds/campaignRefunds';

/** A campaign's accepted donations with what remains of each, and its refund ledger. */
export const GET: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  return ok(await loadCampaignRefunds(ctx.params.id ?? ''));
};

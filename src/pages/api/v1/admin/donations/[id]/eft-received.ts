import type { APIRoute } from 'astro';
import { requireAdmin } from '~/lib/server/accounts/session';
import { ADMIN_API_MESSAGES } from '~/lib/server/admin/messages';
import { reconcileEftDonation } from '~/lib/server/admin/reconcileEft';
import { readJson } from '~/lib/server/http/json';
import { ok } from '~/lib/server/http/responses';

/** An admin confirms an EFT donation's transfer arrived: `{ amount }`, the donation plus tip. */
export const PATCH: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const donation = await reconcileEftDonation(admin, ctx.params.id ?? '', await readJson(ctx));
  return ok(donation, ADMIN_API_MESSAGES.eftReceived);
};

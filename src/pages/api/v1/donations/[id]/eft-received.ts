import type { APIRoute } from 'astro';
import { requireAdmin } from '~/lib/server/accounts/session';
import { EFT_MESSAGES, markEftReceived } from '~/lib/server/donations/eft';
import { readJson } from '~/lib/server/http/json';
import { ok } from '~/lib/server/http/responses';

/**
 * An admin confirms an EFT donation's transfer arrived. requireAdmin, not the token's role claim:
 * an admin demoted or deactivated since the token was issued is refused at once.
 */
export const POST: APIRoute = async (ctx) => {
  const user = await requireAdmin(ctx);
  const donation = await markEftReceived(user, ctx.params.id ?? '', await readJson(ctx));
  return ok(donation, EFT_MESSAGES.received);
};

import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { EFT_MESSAGES, markEftReceived } from '~/lib/server/donations/eft';
import { readJson } from '~/lib/server/http/json';
import { ok } from '~/lib/server/http/responses';

/** An admin confirms an EFT donation's transfer arrived. */
export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const donation = await markEftReceived(user, ctx.params.id ?? '', await readJson(ctx));
  return ok(donation, EFT_MESSAGES.received);
};

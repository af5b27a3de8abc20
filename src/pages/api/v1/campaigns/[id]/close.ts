import type { APIRoute } from 'astro';
import { closeCampaignSchema } from '~/lib/schemas/campaign';
import { requireUser } from '~/lib/server/accounts/session';
import { closeCampaign, LIFECYCLE_MESSAGES } from '~/lib/server/campaigns/lifecycle';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(closeCampaignSchema, await readJson(ctx));
  const campaign = await closeCampaign(user, ctx.params.id ?? '', input);
  return ok(campaign, LIFECYCLE_MESSAGES.closed);
};

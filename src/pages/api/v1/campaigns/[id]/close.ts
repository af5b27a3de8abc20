import type { APIRoute } from 'astro';
import { closeCampaignSchema } from '~/lib/schemas/campaign';
import { closeCampaign, LIFECYCLE_MESSAGES } from '~/lib/server/campaignLifecycle';
import { ok, readJson } from '~/lib/server/http';
import { requireUser } from '~/lib/server/session';
import { parseInput } from '~/lib/server/validate';

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(closeCampaignSchema, await readJson(ctx));
  const campaign = await closeCampaign(user, ctx.params.id ?? '', input);
  return ok(campaign, LIFECYCLE_MESSAGES.closed);
};

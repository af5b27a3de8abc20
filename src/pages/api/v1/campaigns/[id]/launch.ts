import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { LIFECYCLE_MESSAGES, launchCampaign } from '~/lib/server/campaigns/lifecycle';
import { ok } from '~/lib/server/http/responses';

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const campaign = await launchCampaign(user, ctx.params.id ?? '');
  return ok(campaign, LIFECYCLE_MESSAGES.launched);
};

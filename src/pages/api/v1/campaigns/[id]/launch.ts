import type { APIRoute } from 'astro';
import { LIFECYCLE_MESSAGES, launchCampaign } from '~/lib/server/campaignLifecycle';
import { ok } from '~/lib/server/http';
import { requireUser } from '~/lib/server/session';

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const campaign = await launchCampaign(user, ctx.params.id ?? '');
  return ok(campaign, LIFECYCLE_MESSAGES.launched);
};

import type { APIRoute } from 'astro';
import { closeCampaignSchema } from '~/lib/schemas/campaign';
import { requireUser } from '~/lib/server/accounts/session';
import { findCampaignForEdit } from '~/lib/server/campaigns/access';
import { closeCampaign, LIFECYCLE_MESSAGES } from '~/lib/server/campaigns/lifecycle';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const id = ctx.params.id ?? '';
  // Permission before validation: a stranger hears 403 / 404, never what the body got wrong.
  await findCampaignForEdit(user, id);
  const input = parseInput(closeCampaignSchema, await readJson(ctx));
  const campaign = await closeCampaign(user, id, input);
  return ok(campaign, LIFECYCLE_MESSAGES.closed);
};

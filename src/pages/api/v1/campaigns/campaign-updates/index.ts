import type { APIRoute } from 'astro';
import { CAMPAIGN_UPDATE_MESSAGES, campaignUpdatePostSchema } from '~/lib/schemas/campaignUpdate';
import { filesOf, MAX_UPDATE_FORM_BYTES, readMultipart } from '~/lib/server/campaignForm';
import { postCampaignUpdate } from '~/lib/server/campaignUpdates';
import { ok } from '~/lib/server/http';
import { requireUser } from '~/lib/server/session';
import { parseInput } from '~/lib/server/validate';

export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const form = await readMultipart(ctx.request, MAX_UPDATE_FORM_BYTES, ['videos']);
  const input = parseInput(campaignUpdatePostSchema, form.fields);
  const update = await postCampaignUpdate(user, input, filesOf(form, 'images'));
  return ok(update, CAMPAIGN_UPDATE_MESSAGES.posted, { status: 201 });
};

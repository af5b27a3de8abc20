import type { APIRoute } from 'astro';
import { CAMPAIGN_UPDATE_MESSAGES, campaignUpdatePostSchema } from '~/lib/schemas/campaignUpdate';
import { requireUser } from '~/lib/server/accounts/session';
import { assertMayPostUpdates, campaignUpdateGate, postCampaignUpdate } from '~/lib/server/campaigns/updates';
import { filesOf, MAX_UPDATE_FORM_BYTES, readMultipart } from '~/lib/server/http/multipart';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  // Before reading the upload: anyone with no campaign to post on, then (campaignId comes first)
  // anyone who may not post on that one, before any image is read.
  await assertMayPostUpdates(user);
  const form = await readMultipart(ctx.request, MAX_UPDATE_FORM_BYTES, ['videos'], campaignUpdateGate(user));
  const input = parseInput(campaignUpdatePostSchema, form.fields);
  const update = await postCampaignUpdate(user, input, filesOf(form, 'images'));
  return ok(update, CAMPAIGN_UPDATE_MESSAGES.posted, { status: 201 });
};

import type { APIRoute } from 'astro';
import { CAMPAIGN_UPDATE_MESSAGES, campaignUpdatePostSchema } from '~/lib/schemas/campaignUpdate';
import { requireUser } from '~/lib/server/accounts/session';
import { assertMayPostUpdates, postCampaignUpdate } from '~/lib/server/campaigns/updates';
import { filesOf, MAX_UPDATE_FORM_BYTES, readMultipart } from '~/lib/server/http/multipart';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  // Before reading the upload (the campaign's id is inside it): see assertMayPostUpdates.
  await assertMayPostUpdates(user);
  const form = await readMultipart(ctx.request, MAX_UPDATE_FORM_BYTES, ['videos']);
  const input = parseInput(campaignUpdatePostSchema, form.fields);
  const update = await postCampaignUpdate(user, input, filesOf(form, 'images'));
  return ok(update, CAMPAIGN_UPDATE_MESSAGES.posted, { status: 201 });
};

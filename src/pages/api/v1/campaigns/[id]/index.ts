import type { APIRoute } from 'astro';
import { CAMPAIGN_JSON_FIELDS, editCampaignSchema } from '~/lib/schemas/campaign';
import { requireUser } from '~/lib/server/accounts/session';
import { findCampaignForEdit } from '~/lib/server/campaigns/access';
import { updateCampaign } from '~/lib/server/campaigns/editor';
import { getCampaignOwnerView } from '~/lib/server/campaigns/ownerView';
import { filesOf, MAX_CAMPAIGN_FORM_BYTES, readMultipart } from '~/lib/server/http/multipart';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

/** The owner's view: for those who may change the campaign. */
export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  return ok(await getCampaignOwnerView(user, ctx.params.id ?? ''));
};

export const PATCH: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const id = ctx.params.id ?? '';
  // Before reading the upload: nobody streams 50 MB into someone else's campaign.
  await findCampaignForEdit(user, id);
  const form = await readMultipart(ctx.request, MAX_CAMPAIGN_FORM_BYTES, CAMPAIGN_JSON_FIELDS);
  const input = parseInput(editCampaignSchema, form.fields);
  const saved = await updateCampaign(user, id, input, filesOf(form, 'images'));
  return ok(saved, 'Campaign updated successfully.');
};

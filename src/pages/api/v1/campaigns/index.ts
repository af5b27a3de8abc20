import type { APIRoute } from 'astro';
import { CAMPAIGN_JSON_FIELDS, createCampaignSchema } from '~/lib/schemas/campaign';
import { requireUser } from '~/lib/server/accounts/session';
import { createCampaign } from '~/lib/server/campaigns/editor';
import { filesOf, MAX_CAMPAIGN_FORM_BYTES, readMultipart } from '~/lib/server/http/multipart';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

/** Saves a draft campaign (multipart; docs/api/campaigns.md "Campaign form"). */
export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const form = await readMultipart(ctx.request, MAX_CAMPAIGN_FORM_BYTES, CAMPAIGN_JSON_FIELDS);
  const input = parseInput(createCampaignSchema, form.fields);
  const saved = await createCampaign(user, input, filesOf(form, 'images'));
  return ok(saved, 'Campaign saved successfully.', { status: 201 });
};

import type { APIRoute } from 'astro';
import { adminCampaignChangeSchema } from '~/lib/schemas/adminRequests';
import { requireAdmin } from '~/lib/server/accounts/session';
import { changeCampaign } from '~/lib/server/admin/changeCampaign';
import { ADMIN_API_MESSAGES } from '~/lib/server/admin/messages';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

/** Hide or show, feature or not, close with a reason. */
export const PATCH: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const input = parseInput(adminCampaignChangeSchema, await readJson(ctx));
  return ok(await changeCampaign(admin, ctx.params.id ?? '', input), ADMIN_API_MESSAGES.campaignSaved);
};

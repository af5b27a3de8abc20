import type { APIRoute } from 'astro';
import { adminCampaignMoveSchema } from '~/lib/schemas/adminRequests';
import { requireAdmin } from '~/lib/server/accounts/session';
import { ADMIN_API_MESSAGES } from '~/lib/server/admin/messages';
import { moveCampaign } from '~/lib/server/admin/moveCampaign';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

/** Move a campaign's money to another organisation, to none, or to the other funding type, with a reason. */
export const PATCH: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const input = parseInput(adminCampaignMoveSchema, await readJson(ctx));
  return ok(await moveCampaign(admin, ctx.params.id ?? '', input), ADMIN_API_MESSAGES.campaignMoved);
};

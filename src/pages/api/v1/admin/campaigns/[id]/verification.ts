import type { APIRoute } from 'astro';
import { adminDecisionSchema } from '~/lib/schemas/adminRequests';
import { requireAdmin } from '~/lib/server/accounts/session';
import { decideCampaignVerification } from '~/lib/server/admin/decideCampaignVerification';
import { ADMIN_API_MESSAGES } from '~/lib/server/admin/messages';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const PATCH: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const input = parseInput(adminDecisionSchema, await readJson(ctx));
  const decision = await decideCampaignVerification(admin, ctx.params.id ?? '', input);
  return ok(
    decision,
    input.accepted ? ADMIN_API_MESSAGES.verificationAccepted : ADMIN_API_MESSAGES.verificationRejected,
  );
};

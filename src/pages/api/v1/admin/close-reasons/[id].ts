import type { APIRoute } from 'astro';
import { closeReasonSchema } from '~/lib/schemas/adminRequests';
import { requireAdmin } from '~/lib/server/accounts/session';
import { renameCloseReason } from '~/lib/server/admin/closeReasons';
import { ADMIN_API_MESSAGES } from '~/lib/server/admin/messages';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const PATCH: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const input = parseInput(closeReasonSchema, await readJson(ctx));
  return ok(await renameCloseReason(admin, ctx.params.id ?? '', input), ADMIN_API_MESSAGES.closeReasonSaved);
};

import type { APIRoute } from 'astro';
import { eventChangeSchema } from '~/lib/schemas/adminRequests';
import { requireAdmin } from '~/lib/server/accounts/session';
import { changeEvent } from '~/lib/server/admin/events';
import { ADMIN_API_MESSAGES } from '~/lib/server/admin/messages';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const PATCH: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const input = parseInput(eventChangeSchema, await readJson(ctx));
  return ok(await changeEvent(admin, ctx.params.id ?? '', input), ADMIN_API_MESSAGES.eventSaved);
};

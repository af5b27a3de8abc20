import type { APIRoute } from 'astro';
import { newEventSchema } from '~/lib/schemas/adminRequests';
import { requireAdmin } from '~/lib/server/accounts/session';
import { createEvent, listAdminEvents } from '~/lib/server/admin/events';
import { ADMIN_API_MESSAGES } from '~/lib/server/admin/messages';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const GET: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  return ok(await listAdminEvents());
};

export const POST: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const input = parseInput(newEventSchema, await readJson(ctx));
  return ok(await createEvent(admin, input), ADMIN_API_MESSAGES.eventSaved, { status: 201 });
};

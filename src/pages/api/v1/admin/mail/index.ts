import type { APIRoute } from 'astro';
import { requireAdmin } from '~/lib/server/accounts/session';
import { listMailQueue } from '~/lib/server/admin/mailQueue';
import { ok } from '~/lib/server/http/responses';

/** The mail queue: how much waits, the oldest waiting mail and the dead letters. */
export const GET: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  return ok(await listMailQueue());
};

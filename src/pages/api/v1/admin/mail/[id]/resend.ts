import type { APIRoute } from 'astro';
import { requireAdmin } from '~/lib/server/accounts/session';
import { resendMail } from '~/lib/server/admin/mailQueue';
import { ADMIN_API_MESSAGES as M } from '~/lib/server/admin/messages';
import { ok } from '~/lib/server/http/responses';

/** Sends a dead letter again: it waits with its attempts back at 0. */
export const POST: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  return ok(await resendMail(admin, ctx.params.id ?? ''), M.mailResent);
};

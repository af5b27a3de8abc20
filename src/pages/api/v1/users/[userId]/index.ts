import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { getUserProfile } from '~/lib/server/accounts/users';
import { ok } from '~/lib/server/http/responses';

export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  return ok(await getUserProfile(user, ctx.params.userId ?? ''));
};

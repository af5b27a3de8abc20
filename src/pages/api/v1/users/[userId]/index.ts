import type { APIRoute } from 'astro';
import { ok } from '~/lib/server/http';
import { requireUser } from '~/lib/server/session';
import { getUserProfile } from '~/lib/server/users';

export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  return ok(await getUserProfile(user, ctx.params.userId ?? ''));
};

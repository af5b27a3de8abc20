import type { APIRoute } from 'astro';
import * as v from 'valibot';
import { logoutSchema } from '~/lib/schemas/auth';
import { logout } from '~/lib/server/accounts/auth';
import { readJson } from '~/lib/server/http/json';
import { ok } from '~/lib/server/http/responses';

/** Always 200: signing out must work even with a token that is already gone. */
export const POST: APIRoute = async (ctx) => {
  const body = v.safeParse(logoutSchema, await readJson(ctx).catch(() => ({})));
  if (body.success) await logout(body.output.refreshToken);
  return ok(null);
};

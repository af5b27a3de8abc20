import type { APIRoute } from 'astro';
import * as v from 'valibot';
import { authMessage, refreshTokenSchema } from '~/lib/schemas/auth';
import { refreshSession } from '~/lib/server/accounts/auth';
import { unauthenticated } from '~/lib/server/http/errors';
import { readJson } from '~/lib/server/http/json';
import { ok } from '~/lib/server/http/responses';

export const POST: APIRoute = async (ctx) => {
  // A missing or malformed token is an expired session like any other: 401, never 400.
  const body = v.safeParse(refreshTokenSchema, await readJson(ctx));
  if (!body.success) throw unauthenticated(authMessage('sessionExpired'));
  return ok(await refreshSession(body.output.refreshToken));
};

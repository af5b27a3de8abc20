import type { APIRoute } from 'astro';
import { loginSchema } from '~/lib/schemas/auth';
import { login } from '~/lib/server/accounts/auth';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { requiredClientAddress } from '~/lib/server/platform/devTools';

export const POST: APIRoute = async (ctx) => {
  const input = parseInput(loginSchema, await readJson(ctx));
  const session = await login(input, requiredClientAddress(ctx));
  return ok(session, `Welcome back, ${session.access.user.firstName}!`);
};

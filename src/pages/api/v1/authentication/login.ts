import type { APIRoute } from 'astro';
import { loginSchema } from '~/lib/schemas/auth';
import { login } from '~/lib/server/auth';
import { ok, readJson } from '~/lib/server/http';
import { parseInput } from '~/lib/server/validate';

export const POST: APIRoute = async (ctx) => {
  const input = parseInput(loginSchema, await readJson(ctx));
  const session = await login(input, ctx.clientAddress);
  return ok(session, `Welcome back, ${session.access.user.firstName}!`);
};

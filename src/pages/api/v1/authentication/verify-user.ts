import type { APIRoute } from 'astro';
import { verifyUserSchema } from '~/lib/schemas/auth';
import { ACCOUNT_MESSAGES, verifyUser } from '~/lib/server/auth';
import { ok, readJson } from '~/lib/server/http';
import { parseInput } from '~/lib/server/validate';

export const PATCH: APIRoute = async (ctx) => {
  const { token } = parseInput(verifyUserSchema, await readJson(ctx));
  return ok(await verifyUser(token), ACCOUNT_MESSAGES.verified);
};

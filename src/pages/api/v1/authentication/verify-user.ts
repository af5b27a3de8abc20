import type { APIRoute } from 'astro';
import { verifyUserSchema } from '~/lib/schemas/auth';
import { ACCOUNT_MESSAGES, verifyUser } from '~/lib/server/accounts/auth';
import { ok, readJson } from '~/lib/server/http/index';
import { parseInput } from '~/lib/server/http/parseInput';

export const PATCH: APIRoute = async (ctx) => {
  const { token } = parseInput(verifyUserSchema, await readJson(ctx));
  return ok(await verifyUser(token), ACCOUNT_MESSAGES.verified);
};

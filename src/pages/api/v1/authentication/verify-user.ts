import type { APIRoute } from 'astro';
import { verifyUserSchema } from '~/lib/schemas/auth';
import { accountMessage, verifyUser } from '~/lib/server/accounts/auth';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const PATCH: APIRoute = async (ctx) => {
  const { token } = parseInput(verifyUserSchema, await readJson(ctx));
  return ok(await verifyUser(token), accountMessage('verified'));
};

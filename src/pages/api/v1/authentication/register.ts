import type { APIRoute } from 'astro';
import { registerSchema } from '~/lib/schemas/auth';
import { accountMessage, register } from '~/lib/server/accounts/auth';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { requiredClientAddress } from '~/lib/server/platform/devTools';

export const POST: APIRoute = async (ctx) => {
  const input = parseInput(registerSchema, await readJson(ctx));
  const created = await register(input, requiredClientAddress(ctx));
  return ok(created, accountMessage('registered'), { status: 201 });
};

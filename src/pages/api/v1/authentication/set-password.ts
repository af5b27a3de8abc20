import type { APIRoute } from 'astro';
import { setPasswordSchema } from '~/lib/schemas/auth';
import { accountMessage, setPassword } from '~/lib/server/accounts/auth';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const POST: APIRoute = async (ctx) => {
  const { token, password } = parseInput(setPasswordSchema, await readJson(ctx));
  await setPassword(token, password);
  return ok(null, accountMessage('passwordChanged'));
};

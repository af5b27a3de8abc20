import type { APIRoute } from 'astro';
import { setPasswordSchema } from '~/lib/schemas/auth';
import { ACCOUNT_MESSAGES, setPassword } from '~/lib/server/accounts/auth';
import { ok, readJson } from '~/lib/server/http/index';
import { parseInput } from '~/lib/server/http/parseInput';

export const POST: APIRoute = async (ctx) => {
  const { token, password } = parseInput(setPasswordSchema, await readJson(ctx));
  await setPassword(token, password);
  return ok(null, ACCOUNT_MESSAGES.passwordChanged);
};

import type { APIRoute } from 'astro';
import { resetPasswordSchema } from '~/lib/schemas/auth';
import { accountMessage, resetPassword } from '~/lib/server/accounts/auth';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const POST: APIRoute = async (ctx) => {
  const { token, password } = parseInput(resetPasswordSchema, await readJson(ctx));
  await resetPassword(token, password);
  return ok(null, accountMessage('passwordChanged'));
};

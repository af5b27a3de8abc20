import type { APIRoute } from 'astro';
import { resetPasswordSchema } from '~/lib/schemas/auth';
import { ACCOUNT_MESSAGES, resetPassword } from '~/lib/server/accounts/auth';
import { ok, readJson } from '~/lib/server/http/index';
import { parseInput } from '~/lib/server/http/parseInput';

export const POST: APIRoute = async (ctx) => {
  const { token, password } = parseInput(resetPasswordSchema, await readJson(ctx));
  await resetPassword(token, password);
  return ok(null, ACCOUNT_MESSAGES.passwordChanged);
};

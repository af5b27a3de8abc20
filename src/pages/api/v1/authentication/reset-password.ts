import type { APIRoute } from 'astro';
import { resetPasswordSchema } from '~/lib/schemas/auth';
import { ACCOUNT_MESSAGES, resetPassword } from '~/lib/server/auth';
import { ok, readJson } from '~/lib/server/http';
import { parseInput } from '~/lib/server/validate';

export const POST: APIRoute = async (ctx) => {
  const { token, password } = parseInput(resetPasswordSchema, await readJson(ctx));
  await resetPassword(token, password);
  return ok(null, ACCOUNT_MESSAGES.passwordChanged);
};

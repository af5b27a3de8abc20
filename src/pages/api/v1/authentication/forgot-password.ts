import type { APIRoute } from 'astro';
import { forgotPasswordSchema } from '~/lib/schemas/auth';
import { ACCOUNT_MESSAGES, forgotPassword } from '~/lib/server/accounts/auth';
import { ok, readJson } from '~/lib/server/http/index';
import { parseInput } from '~/lib/server/http/parseInput';

export const POST: APIRoute = async (ctx) => {
  const { email } = parseInput(forgotPasswordSchema, await readJson(ctx));
  await forgotPassword(email, ctx.clientAddress);
  return ok(null, ACCOUNT_MESSAGES.resetSent);
};

import type { APIRoute } from 'astro';
import { forgotPasswordSchema } from '~/lib/schemas/auth';
import { accountMessage, forgotPassword } from '~/lib/server/accounts/auth';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { requiredClientAddress } from '~/lib/server/platform/devTools';

export const POST: APIRoute = async (ctx) => {
  const { email } = parseInput(forgotPasswordSchema, await readJson(ctx));
  await forgotPassword(email, requiredClientAddress(ctx));
  return ok(null, accountMessage('resetSent'));
};

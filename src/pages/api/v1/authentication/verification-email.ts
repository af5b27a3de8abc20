import type { APIRoute } from 'astro';
import { resendVerificationSchema } from '~/lib/schemas/auth';
import { accountMessage, resendVerification } from '~/lib/server/accounts/auth';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

export const POST: APIRoute = async (ctx) => {
  const { email } = parseInput(resendVerificationSchema, await readJson(ctx));
  await resendVerification(email, ctx.clientAddress);
  return ok(null, accountMessage('verificationSent'));
};

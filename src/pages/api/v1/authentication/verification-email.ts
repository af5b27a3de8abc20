import type { APIRoute } from 'astro';
import { resendVerificationSchema } from '~/lib/schemas/auth';
import { ACCOUNT_MESSAGES, resendVerification } from '~/lib/server/accounts/auth';
import { ok, readJson } from '~/lib/server/http/index';
import { parseInput } from '~/lib/server/http/parseInput';

export const POST: APIRoute = async (ctx) => {
  const { email } = parseInput(resendVerificationSchema, await readJson(ctx));
  await resendVerification(email, ctx.clientAddress);
  return ok(null, ACCOUNT_MESSAGES.verificationSent);
};

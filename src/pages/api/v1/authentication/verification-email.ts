import type { APIRoute } from 'astro';
import { resendVerificationSchema } from '~/lib/schemas/auth';
import { ACCOUNT_MESSAGES, resendVerification } from '~/lib/server/auth';
import { ok, readJson } from '~/lib/server/http';
import { parseInput } from '~/lib/server/validate';

export const POST: APIRoute = async (ctx) => {
  const { email } = parseInput(resendVerificationSchema, await readJson(ctx));
  await resendVerification(email, ctx.clientAddress);
  return ok(null, ACCOUNT_MESSAGES.verificationSent);
};

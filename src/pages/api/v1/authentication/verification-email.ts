import type { APIRoute } from 'astro';
import { resendVerificationSchema } from '~/lib/schemas/auth';
import { accountMessage, resendVerification } from '~/lib/server/accounts/auth';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { requiredClientAddress } from '~/lib/server/platform/devTools';

export const POST: APIRoute = async (ctx) => {
  const { email } = parseInput(resendVerificationSchema, await readJson(ctx));
  await resendVerification(email, requiredClientAddress(ctx));
  return ok(null, accountMessage('verificationSent'));
};

import type { APIRoute } from 'astro';
import { checkPaypalBearer, verifyPaypalSandboxWebhook } from '~/lib/server/sandbox/paypalSandbox';
import { sandboxBody, sandboxJson, sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

export const POST: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  const unauthorized = checkPaypalBearer(ctx.request.headers.get('authorization'));
  const answer = unauthorized ?? verifyPaypalSandboxWebhook(await sandboxBody(ctx.request));
  return sandboxJson(answer.status, answer.body);
};

import type { APIRoute } from 'astro';
import { sandboxBody, sandboxJson, simulatorOff } from '~/lib/server/sandbox/gatewaysHttp';
import { checkPaypalBearer, verifyPaypalSandboxWebhook } from '~/lib/server/sandbox/paypalSandbox';

export const POST: APIRoute = async (ctx) => {
  const off = simulatorOff();
  if (off) return off;
  const unauthorized = checkPaypalBearer(ctx.request.headers.get('authorization'));
  const answer = unauthorized ?? verifyPaypalSandboxWebhook(await sandboxBody(ctx.request));
  return sandboxJson(answer.status, answer.body);
};

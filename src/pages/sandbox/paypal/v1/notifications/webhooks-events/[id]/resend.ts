import type { APIRoute } from 'astro';
import { sandboxJson, simulatorOff } from '~/lib/server/sandbox/gatewaysHttp';
import { checkPaypalBearer, resendPaypalSandboxEvent } from '~/lib/server/sandbox/paypalSandbox';

export const POST: APIRoute = async (ctx) => {
  const off = simulatorOff();
  if (off) return off;
  const unauthorized = checkPaypalBearer(ctx.request.headers.get('authorization'));
  const answer = unauthorized ?? (await resendPaypalSandboxEvent(ctx.params.id ?? ''));
  return sandboxJson(answer.status, answer.body);
};

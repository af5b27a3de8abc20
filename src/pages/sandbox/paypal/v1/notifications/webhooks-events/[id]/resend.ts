import type { APIRoute } from 'astro';
import { checkPaypalBearer, resendPaypalSandboxEvent } from '~/lib/server/sandbox/paypalSandbox';
import { sandboxJson, sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

export const POST: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  const unauthorized = checkPaypalBearer(ctx.request.headers.get('authorization'));
  const answer = unauthorized ?? (await resendPaypalSandboxEvent(ctx.params.id ?? ''));
  return sandboxJson(answer.status, answer.body);
};

import type { APIRoute } from 'astro';
import { checkPaypalBearer, listPaypalSandboxEvents } from '~/lib/server/sandbox/paypalSandbox';
import { sandboxJson, sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

export const GET: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  const unauthorized = checkPaypalBearer(ctx.request.headers.get('authorization'));
  const answer = unauthorized ?? listPaypalSandboxEvents();
  return sandboxJson(answer.status, answer.body);
};

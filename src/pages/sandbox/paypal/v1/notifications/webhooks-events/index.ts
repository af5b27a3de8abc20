import type { APIRoute } from 'astro';
import { sandboxJson, simulatorOff } from '~/lib/server/sandbox/gatewaysHttp';
import { checkPaypalBearer, listPaypalSandboxEvents } from '~/lib/server/sandbox/paypalSandbox';

export const GET: APIRoute = async (ctx) => {
  const off = simulatorOff();
  if (off) return off;
  const unauthorized = checkPaypalBearer(ctx.request.headers.get('authorization'));
  const answer = unauthorized ?? listPaypalSandboxEvents();
  return sandboxJson(answer.status, answer.body);
};

import type { APIRoute } from 'astro';
import { sandboxJson, simulatorOff } from '~/lib/server/sandbox/gatewaysHttp';
import { checkPaypalBearer, getPaypalOrder } from '~/lib/server/sandbox/paypalSandbox';

export const GET: APIRoute = async (ctx) => {
  const off = simulatorOff();
  if (off) return off;
  const unauthorized = checkPaypalBearer(ctx.request.headers.get('authorization'));
  const answer = unauthorized ?? getPaypalOrder(ctx.params.id ?? '');
  return sandboxJson(answer.status, answer.body);
};

import type { APIRoute } from 'astro';
import { checkPaypalBearer, createPaypalOrder } from '~/lib/server/sandbox/paypalSandbox';
import { sandboxBody, sandboxJson, sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

export const POST: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  const unauthorized = checkPaypalBearer(ctx.request.headers.get('authorization'));
  if (unauthorized) return sandboxJson(unauthorized.status, unauthorized.body);
  const answer = createPaypalOrder(
    await sandboxBody(ctx.request),
    ctx.request.headers.get('paypal-request-id'),
  );
  return sandboxJson(answer.status, answer.body);
};

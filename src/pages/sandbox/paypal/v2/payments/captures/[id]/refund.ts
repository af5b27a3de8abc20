import type { APIRoute } from 'astro';
import { checkPaypalBearer, refundPaypalSandboxCapture } from '~/lib/server/sandbox/paypalSandbox';
import { sandboxBody, sandboxJson, sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

/** PayPal's `POST /v2/payments/captures/{capture_id}/refund`. */
export const POST: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  const unauthorized = checkPaypalBearer(ctx.request.headers.get('authorization'));
  const answer =
    unauthorized ??
    refundPaypalSandboxCapture(
      ctx.params.id ?? '',
      await sandboxBody(ctx.request),
      ctx.request.headers.get('paypal-request-id'),
    );
  return sandboxJson(answer.status, answer.body);
};

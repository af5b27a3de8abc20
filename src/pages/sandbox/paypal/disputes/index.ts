import type { APIRoute } from 'astro';
import { paypalSandboxDispute } from '~/lib/server/sandbox/paypalSandbox';
import { sandboxBody, sandboxJson, sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

/**
 * Sandbox only: `POST /sandbox/paypal/disputes` `{ capture_id, action: create | resolve-seller | resolve-buyer,
 * dispute_id? }` makes PayPal's dispute webhooks for a capture, as a buyer's dispute and PayPal's decision would.
 */
export const POST: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  const body = await sandboxBody(ctx.request);
  const action = body.action;
  if (action !== 'create' && action !== 'resolve-seller' && action !== 'resolve-buyer')
    return sandboxJson(400, { message: 'action must be create, resolve-seller or resolve-buyer' });
  const answer = await paypalSandboxDispute(
    typeof body.capture_id === 'string' ? body.capture_id : '',
    action,
    typeof body.dispute_id === 'string' ? body.dispute_id : null,
  );
  return sandboxJson(answer.status, answer.body);
};

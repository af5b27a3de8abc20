import type { APIRoute } from 'astro';
import { sandboxJson, sandboxOff } from '~/lib/server/sandbox/sandboxHttp';
import { snapscanApiKeyOk, snapscanSandboxPayment } from '~/lib/server/sandbox/snapscanSandbox';

/** SnapScan's "Get a payment": `GET …/payments/{id}` with basic auth (API key, no password); 404 `{ message }` for an unknown id. */
export const GET: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  if (!snapscanApiKeyOk(ctx.request.headers.get('authorization')))
    return sandboxJson(401, { message: 'Unauthorised' });
  const payment = snapscanSandboxPayment(ctx.params.id ?? '');
  if (!payment) return sandboxJson(404, { message: 'Payment not found' });
  return sandboxJson(200, payment);
};

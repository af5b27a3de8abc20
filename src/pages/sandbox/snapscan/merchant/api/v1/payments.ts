import type { APIRoute } from 'astro';
import { sandboxJson, sandboxOff } from '~/lib/server/sandbox/sandboxHttp';
import { snapscanApiKeyOk, snapscanPaymentsList } from '~/lib/server/sandbox/snapscanSandbox';

/** SnapScan's Payments API: `?merchantReference=…&status=…` with basic auth (API key, no password); a JSON array. */
export const GET: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  if (!snapscanApiKeyOk(ctx.request.headers.get('authorization')))
    return sandboxJson(401, { message: 'Unauthorised' });
  return sandboxJson(200, snapscanPaymentsList(ctx.url.searchParams));
};

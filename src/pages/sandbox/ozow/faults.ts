import type { APIRoute } from 'astro';
import { OZOW_FAULTS, type OzowFault, setOzowFault } from '~/lib/server/sandbox/ozowSandbox';
import { sandboxBody, sandboxJson, sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

/** Sandbox only: `{ transactionReference, fault }` makes the next status check for it fail (once). */
export const POST: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  const { transactionReference, fault } = await sandboxBody(ctx.request);
  if (typeof transactionReference !== 'string' || !OZOW_FAULTS.includes(fault as OzowFault))
    return sandboxJson(400, {
      message: `Send a transactionReference and a fault: ${OZOW_FAULTS.join(', ')}.`,
    });
  setOzowFault(transactionReference, fault as OzowFault);
  return sandboxJson(200, { transactionReference, fault });
};

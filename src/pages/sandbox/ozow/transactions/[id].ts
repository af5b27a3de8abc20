import type { APIRoute } from 'astro';
import { finishOzowPayment, type OzowAction } from '~/lib/server/sandbox/ozowSandbox';
import { sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

const ACTIONS = new Set<OzowAction>(['pay', 'cancel', 'fail']);

/** The simulated bank page's Pay, Cancel or Fail: notify, then send the browser back to the merchant. */
export const POST: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  const action = new URLSearchParams(await ctx.request.text()).get('action') as OzowAction | null;
  if (!action || !ACTIONS.has(action)) return new Response('Choose Pay, Cancel or Fail.', { status: 400 });
  const location = await finishOzowPayment(ctx.params.id ?? '', action);
  if (!location) return new Response('Unknown transaction', { status: 404 });
  return new Response(null, { status: 303, headers: { location } });
};

import type { APIRoute } from 'astro';
import { finishIveriPayment, type IveriAction } from '~/lib/server/sandbox/iveriSandbox';
import { sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

const ACTIONS = new Set<IveriAction>(['pay', 'cancel', 'fail', 'tryLater']);

/** The simulated card page's Pay, Cancel, Fail or Try later: back to the merchant's matching URL. */
export const POST: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  const action = new URLSearchParams(await ctx.request.text()).get('action') as IveriAction | null;
  if (!action || !ACTIONS.has(action))
    return new Response('Choose Pay, Cancel, Fail or Try later.', { status: 400 });
  const location = finishIveriPayment(ctx.params.id ?? '', action);
  if (!location) return new Response('Unknown transaction', { status: 404 });
  return new Response(null, { status: 303, headers: { location } });
};

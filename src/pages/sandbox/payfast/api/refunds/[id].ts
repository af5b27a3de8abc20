import type { APIRoute } from 'astro';
import { payfastRefund } from '~/lib/server/sandbox/refundEndpoints';
import { sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

/** PayFast's `POST /refunds/{pf_payment_id}`. */
export const POST: APIRoute = async (ctx) =>
  sandboxOff(ctx) ?? payfastRefund(ctx.request, ctx.params.id ?? '');

import type { APIRoute } from 'astro';
import { ozowRefund } from '~/lib/server/sandbox/refundEndpoints';
import { sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

/** Ozow's `POST /secure/refunds/submitrefund`. */
export const POST: APIRoute = async (ctx) => sandboxOff(ctx) ?? ozowRefund(ctx.request);

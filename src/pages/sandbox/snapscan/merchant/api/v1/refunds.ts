import type { APIRoute } from 'astro';
import { snapscanRefund } from '~/lib/server/sandbox/refundEndpoints';
import { sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

/** SnapScan's `POST /merchant/api/v1/refunds`. */
export const POST: APIRoute = async (ctx) => sandboxOff(ctx) ?? snapscanRefund(ctx.request);

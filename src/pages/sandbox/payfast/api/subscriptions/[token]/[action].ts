import type { APIRoute } from 'astro';
import { handleSubscriptionApi } from '~/lib/server/sandbox/payfastSandboxApi';
import { sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

/** /sandbox/payfast/api/subscriptions/{token}/{fetch|cancel|update|charge}: PayFast's subscription API. */
export const ALL: APIRoute = async (ctx) =>
  sandboxOff(ctx) ?? handleSubscriptionApi(ctx.request, ctx.params.token, ctx.params.action);

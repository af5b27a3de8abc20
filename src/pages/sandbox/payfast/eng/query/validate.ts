import type { APIRoute } from 'astro';
import { validateItn } from '~/lib/server/sandbox/payfastSandbox';
import { sandboxOff, sandboxText as text } from '~/lib/server/sandbox/sandboxHttp';

/** POST /sandbox/payfast/eng/query/validate: PayFast's server confirmation of an ITN. */
export const POST: APIRoute = async (ctx) => sandboxOff(ctx) ?? text(validateItn(await ctx.request.text()));

import type { APIRoute } from 'astro';
import { paysoftKeyOk, paysoftTokenize } from '~/lib/server/sandbox/paysoftSandbox';
import { sandboxOff, sandboxText } from '~/lib/server/sandbox/sandboxHttp';

/** Paysoft's customer token call (`?key=…`, form field `request`): CDV, then a token. */
export const POST: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  if (!paysoftKeyOk(ctx.url.searchParams.get('key'))) return sandboxText('Invalid key', 401);
  const request = new URLSearchParams(await ctx.request.text()).get('request') ?? '';
  return new Response(paysoftTokenize(request), {
    headers: { 'content-type': 'application/xml; charset=utf-8' },
  });
};

import type { APIRoute } from 'astro';
import { paysoftKeyOk, paysoftResultsXml } from '~/lib/server/sandbox/paysoftSandbox';
import { sandboxOff, sandboxText } from '~/lib/server/sandbox/sandboxHttp';

/** A batch's results (`?key=…&uniqueId=…`): the read-back that books. */
export const GET: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  if (!paysoftKeyOk(ctx.url.searchParams.get('key'))) return sandboxText('Invalid key', 401);
  const xml = paysoftResultsXml(ctx.url.searchParams.get('uniqueId') ?? '');
  return new Response(xml, {
    headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'no-store' },
  });
};

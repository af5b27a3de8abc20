import type { APIRoute } from 'astro';
import { iveriFieldsHtml, queryIveriSandbox } from '~/lib/server/sandbox/iveriSandbox';
import { sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

/** Query Transaction Status: the merchant posts its application id and trace; the fields come back as hidden inputs. */
export const POST: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  const fields = queryIveriSandbox(Object.fromEntries(new URLSearchParams(await ctx.request.text())));
  if (!fields) return new Response('Unknown application id', { status: 403 });
  return new Response(iveriFieldsHtml(fields), {
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' },
  });
};

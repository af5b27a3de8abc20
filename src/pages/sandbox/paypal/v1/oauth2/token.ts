import type { APIRoute } from 'astro';
import { issuePaypalToken } from '~/lib/server/sandbox/paypalSandbox';
import { sandboxJson, sandboxOff } from '~/lib/server/sandbox/sandboxHttp';

export const POST: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  const answer = issuePaypalToken(
    ctx.request.headers.get('authorization'),
    new URLSearchParams(await ctx.request.text()),
  );
  return sandboxJson(answer.status, answer.body);
};

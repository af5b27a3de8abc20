import type { APIRoute } from 'astro';
import { sandboxJson, simulatorOff } from '~/lib/server/sandbox/gatewaysHttp';
import { issuePaypalToken } from '~/lib/server/sandbox/paypalSandbox';

export const POST: APIRoute = async (ctx) => {
  const off = simulatorOff();
  if (off) return off;
  const answer = issuePaypalToken(
    ctx.request.headers.get('authorization'),
    new URLSearchParams(await ctx.request.text()),
  );
  return sandboxJson(answer.status, answer.body);
};

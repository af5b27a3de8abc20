import type { APIRoute } from 'astro';
import { captchaChallengeFor } from '~/lib/server/platform/captcha';

/** The ALTCHA widget's `challengeurl`: it reads the challenge itself, so no envelope around it (a 429 has one). */
export const GET: APIRoute = async (ctx) =>
  new Response(JSON.stringify(await captchaChallengeFor(ctx.clientAddress)), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });

import type { APIRoute } from 'astro';
import { captchaChallengeFor } from '~/lib/server/platform/captcha';
import { requiredClientAddress } from '~/lib/server/platform/devTools';

/** The ALTCHA widget's `challengeurl`: it reads the challenge itself, so no envelope around it (a 429 has one). */
export const GET: APIRoute = async (ctx) =>
  new Response(JSON.stringify(await captchaChallengeFor(requiredClientAddress(ctx))), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });

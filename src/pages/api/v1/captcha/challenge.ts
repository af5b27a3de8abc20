import type { APIRoute } from 'astro';
import { createCaptchaChallenge } from '~/lib/server/platform/captcha';

/** The ALTCHA widget's `challengeurl`: it reads the challenge itself, so no envelope around it. */
export const GET: APIRoute = async () =>
  new Response(JSON.stringify(await createCaptchaChallenge()), {
    headers: { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' },
  });

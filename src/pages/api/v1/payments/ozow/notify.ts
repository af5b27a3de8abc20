import type { APIRoute } from 'astro';
import { readUrlEncodedText } from '~/lib/server/http/urlEncoded';
import { processOzowNotification } from '~/lib/server/payments/ozowNotify';

/** Ozow's notification (form-urlencoded): 200 at once, then verified and booked in the background. */
export const POST: APIRoute = async (ctx) => {
  const form = Object.fromEntries(new URLSearchParams(await readUrlEncodedText(ctx)));
  void processOzowNotification(form);
  return new Response('OK', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

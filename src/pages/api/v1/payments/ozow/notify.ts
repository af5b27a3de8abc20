import type { APIRoute } from 'astro';
import { readUrlEncodedText } from '~/lib/server/http/urlEncoded';
import { processOzowNotification } from '~/lib/server/payments/ozowNotify';

/** Ozow's notification (form-urlencoded): verified and booked, then answered (a 200 means booked). */
export const POST: APIRoute = async (ctx) => {
  const form = Object.fromEntries(new URLSearchParams(await readUrlEncodedText(ctx)));
  await processOzowNotification(form);
  return new Response('OK', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

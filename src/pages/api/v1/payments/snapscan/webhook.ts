import type { APIRoute } from 'astro';
import { readUrlEncodedText } from '~/lib/server/http/urlEncoded';
import { processSnapscanWebhook } from '~/lib/server/payments/snapscanNotify';

/** SnapScan's webhook (form-urlencoded `payload=<JSON>`, signed in Authorization): verified and booked, then answered. */
export const POST: APIRoute = async (ctx) => {
  const rawBody = await readUrlEncodedText(ctx);
  await processSnapscanWebhook(rawBody, ctx.request.headers.get('authorization'));
  return new Response('OK', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

import type { APIRoute } from 'astro';
import { readJson } from '~/lib/server/http/json';
import { processPaypalWebhook } from '~/lib/server/payments/paypalBooking';

/**
 * PayPal's webhook (JSON). Booked before answering: PayPal retries anything but
 * a 2xx, so a failure to book (an exception: 500) is retried; a webhook PayPal
 * does not vouch for answers 400 and is not retried by PayPal anyway.
 */
export const POST: APIRoute = async (ctx) => {
  const event = await readJson(ctx);
  const result = await processPaypalWebhook(ctx.request.headers, event);
  return new Response(result === 'invalid' ? 'Invalid' : 'OK', {
    status: result === 'invalid' ? 400 : 200,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });
};

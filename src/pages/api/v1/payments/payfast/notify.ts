import type { APIRoute } from 'astro';
import { readUrlEncodedText } from '~/lib/server/http/urlEncoded';
import { handlePayfastNotification } from '~/lib/server/payments/payfastNotify';
import { clientAddressOf } from '~/lib/server/platform/devTools';

/**
 * POST /payments/payfast/notify: PayFast's ITN, verified (including the call back to PayFast) and
 * booked before the 200, which tells PayFast to stop sending it: answering first lost the
 * notification when the process stopped in between. A failure to book answers 5xx and is retried.
 */
export const POST: APIRoute = async (ctx) => {
  const body = await readUrlEncodedText(ctx);
  await handlePayfastNotification(body, clientAddressOf(ctx));
  return new Response('', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

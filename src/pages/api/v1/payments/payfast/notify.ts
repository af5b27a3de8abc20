import type { APIRoute } from 'astro';
import { readUrlEncodedText } from '~/lib/server/http/urlEncoded';
import { handlePayfastNotification } from '~/lib/server/payments/payfastNotify';

function clientAddressOf(ctx: Parameters<APIRoute>[0]): string | null {
  try {
    return ctx.clientAddress;
  } catch {
    return null;
  }
}

/**
 * POST /payments/payfast/notify: PayFast's ITN. PayFast wants a 200 at once, so the
 * notification is verified (including the call back to PayFast) and booked after answering.
 */
export const POST: APIRoute = async (ctx) => {
  const body = await readUrlEncodedText(ctx);
  void handlePayfastNotification(body, clientAddressOf(ctx));
  return new Response('', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

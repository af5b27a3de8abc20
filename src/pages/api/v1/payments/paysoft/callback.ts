import type { APIRoute } from 'astro';
import { processPaysoftCallback } from '~/lib/server/donations/debitOrders';
import { readUrlEncodedText } from '~/lib/server/http/urlEncoded';
import { xmlValue } from '~/lib/server/payments/paysoft';

/**
 * Paysoft's results callback (the batch's CallBackUrl; form field `request`, XML). Only the batch's
 * UniqueId is read from it: the results themselves are read back from Paysoft's API with our key
 * and booked once each, before the answer, so a 200 means booked and a 5xx makes Paysoft retry.
 */
export const POST: APIRoute = async (ctx) => {
  const rawBody = await readUrlEncodedText(ctx);
  const xml = new URLSearchParams(rawBody).get('request') ?? '';
  await processPaysoftCallback(xmlValue(xml, 'UniqueId'));
  return new Response('OK', { status: 200, headers: { 'content-type': 'text/plain; charset=utf-8' } });
};

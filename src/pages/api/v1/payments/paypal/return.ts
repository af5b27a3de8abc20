import type { APIRoute } from 'astro';
import { notFound } from '~/lib/server/http/errors';
import { completePaypalReturn } from '~/lib/server/payments/paypalBooking';

/** Where PayPal sends the donor after approving (`?donation={donation token}&token={orderId}&PayerID=…`). */
export const GET: APIRoute = async (ctx) => {
  const query = ctx.url.searchParams;
  const location = await completePaypalReturn(query.get('token') ?? '', query.get('donation') ?? '');
  if (!location) throw notFound('Donation not found.');
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
};

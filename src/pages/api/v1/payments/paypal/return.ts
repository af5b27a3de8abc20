import type { APIRoute } from 'astro';
import { notFound } from '~/lib/server/http/errors';
import { completePaypalReturn } from '~/lib/server/payments/paypalBooking';

/** Where PayPal sends the donor after approving (`?token={orderId}&PayerID=…`). */
export const GET: APIRoute = async (ctx) => {
  const location = await completePaypalReturn(ctx.url.searchParams.get('token') ?? '');
  if (!location) throw notFound('Donation not found.');
  return new Response(null, { status: 303, headers: { location, 'cache-control': 'no-store' } });
};

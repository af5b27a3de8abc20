import type { APIRoute } from 'astro';
import { type CheckoutChoice, completeCheckout } from '~/lib/server/sandbox/payfastSandbox';
import { sandboxOff, sandboxText as text } from '~/lib/server/sandbox/sandboxHttp';

const CHOICES: Readonly<Record<string, CheckoutChoice>> = { pay: 'pay', fail: 'fail', cancel: 'cancel' };

/**
 * POST /sandbox/payfast/eng/checkout: the Pay, Fail or Cancel button of the simulated
 * checkout page. Sends the ITN (Pay, Fail) before returning the browser to the merchant.
 */
export const POST: APIRoute = async (ctx) => {
  const off = sandboxOff(ctx);
  if (off) return off;
  const form = await ctx.request.formData().catch(() => null);
  const id = form?.get('checkout');
  const choice = CHOICES[String(form?.get('choice') ?? '')];
  if (typeof id !== 'string' || !choice) return text('Choose Pay, Fail or Cancel.', 400);
  const next = await completeCheckout(id, choice);
  if (!next) return text('This payment has already been completed or has expired.', 404);
  return new Response(null, { status: 303, headers: { location: next, 'cache-control': 'no-store' } });
};

import type { APIRoute } from 'astro';
import { PaymentGateway } from '~/lib/enums';
import { debitOrderRequestSchema } from '~/lib/schemas/debitOrder';
import { recurringDonationSchema } from '~/lib/schemas/donation';
import { createRecurringDonation, recurringMessage } from '~/lib/server/donations/recurring';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { clientAddressOf } from '~/lib/server/platform/devTools';

/** A monthly donation: a signed-in donor, or a visitor who passes the captcha. */
export const POST: APIRoute = async (ctx) => {
  const body = await readJson(ctx);
  const input = parseInput(recurringDonationSchema, body);
  // Payment method 7 (Paysoft debit order) also carries the bank account and mandate.
  const debitOrder =
    input.paymentMethod === PaymentGateway.Paysoft
      ? parseInput(debitOrderRequestSchema, body).debitOrder
      : null;
  const created = await createRecurringDonation(input, {
    user: ctx.locals.user,
    remoteAddress: clientAddressOf(ctx),
    debitOrder,
  });
  return ok(created, recurringMessage('created'), { status: 201 });
};

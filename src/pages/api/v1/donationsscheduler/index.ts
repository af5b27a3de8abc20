import type { APIRoute } from 'astro';
import { recurringDonationSchema } from '~/lib/schemas/donation';
import { createRecurringDonation, RECURRING_MESSAGES } from '~/lib/server/donations/recurring';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

/** A monthly donation: a signed-in donor, or a visitor who passes the captcha. */
export const POST: APIRoute = async (ctx) => {
  const input = parseInput(recurringDonationSchema, await readJson(ctx));
  const created = await createRecurringDonation(input, {
    user: ctx.locals.user,
    remoteAddress: ctx.clientAddress,
  });
  return ok(created, RECURRING_MESSAGES.created, { status: 201 });
};

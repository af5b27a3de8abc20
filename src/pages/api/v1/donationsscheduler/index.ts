import type { APIRoute } from 'astro';
import { createRecurringDonation, RECURRING_MESSAGES } from '~/lib/server/donations/recurring';
import { readJson } from '~/lib/server/http/json';
import { ok } from '~/lib/server/http/responses';

/** A monthly donation: a signed-in donor, or a visitor who passes the captcha. */
export const POST: APIRoute = async (ctx) => {
  const created = await createRecurringDonation(await readJson(ctx), {
    user: ctx.locals.user,
    remoteAddress: ctx.clientAddress,
  });
  return ok(created, RECURRING_MESSAGES.created, { status: 201 });
};

import type { APIRoute } from 'astro';
import { singleDonationSchema } from '~/lib/schemas/donation';
import { createDonation } from '~/lib/server/donations/create';
import { recurringMessage } from '~/lib/server/donations/recurring';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { clientAddressOf } from '~/lib/server/platform/devTools';

/** A visitor's once-off donation: captcha-checked even when a bearer is sent (the logged-in call is separate). */
export const POST: APIRoute = async (ctx) => {
  const input = parseInput(singleDonationSchema, await readJson(ctx));
  const donation = await createDonation(input, { user: null, remoteAddress: clientAddressOf(ctx) });
  return ok(donation, recurringMessage('created'), { status: 201 });
};

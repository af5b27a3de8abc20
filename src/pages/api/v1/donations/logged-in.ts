import type { APIRoute } from 'astro';
import { singleDonationSchema } from '~/lib/schemas/donation';
import { requireUser } from '~/lib/server/accounts/session';
import { createDonation } from '~/lib/server/donations/create';
import { recurringMessage } from '~/lib/server/donations/recurring';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { clientAddressOf } from '~/lib/server/platform/devTools';

/** A signed-in donor's once-off donation (no captcha). */
export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(singleDonationSchema, await readJson(ctx));
  const donation = await createDonation(input, { user, remoteAddress: clientAddressOf(ctx) });
  return ok(donation, recurringMessage('created'), { status: 201 });
};

import type { APIRoute } from 'astro';
import { thankDonorsSchema } from '~/lib/schemas/thankDonors';
import { requireUser } from '~/lib/server/accounts/session';
import { findCampaignForDonations } from '~/lib/server/donations/ownerDonations';
import { thankDonors } from '~/lib/server/donations/thankDonors';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

/** The team thanks one donor (`donationId`) or all: the platform mails them, addresses unseen. */
export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const id = ctx.params.id ?? '';
  // Permission before validation: a stranger hears 403 / 404, never what the body got wrong.
  await findCampaignForDonations(user, id);
  const input = parseInput(thankDonorsSchema, await readJson(ctx));
  const { result, message } = await thankDonors(user, id, input);
  return ok(result, message);
};

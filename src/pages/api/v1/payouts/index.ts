import type { APIRoute } from 'astro';
import { PAYOUT_MESSAGES, payoutRequestSchema } from '~/lib/schemas/payout';
import { requireUser } from '~/lib/server/accounts/session';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { requestPayout } from '~/lib/server/payouts/requestPayout';

/** A payout of one campaign, or of an organisation's campaigns (docs/api/payouts.md). */
export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const input = parseInput(payoutRequestSchema, await readJson(ctx));
  return ok(await requestPayout(user, input), PAYOUT_MESSAGES.created, { status: 201 });
};

import type { APIRoute } from 'astro';
import { REFUND_REQUEST_MESSAGES } from '~/lib/refundPolicy';
import { refundRequestSchema } from '~/lib/schemas/refunds';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { findDonorsDonation } from '~/lib/server/receipts/donorAccess';
import { refundRequestStateOf, requestRefund } from '~/lib/server/refunds/refundRequests';

/** The donor's refund request of this donation, and whether they may ask (docs/api/refunds.md). */
export const GET: APIRoute = async (ctx) => {
  const { donation } = await findDonorsDonation(ctx.params.id ?? '', ctx);
  return ok(await refundRequestStateOf(donation));
};

/** The donor asks for a refund: `{ reason }`, by the donation's token or its id with the donor's session. */
export const POST: APIRoute = async (ctx) => {
  const { donation, requestedBy } = await findDonorsDonation(ctx.params.id ?? '', ctx);
  const { reason } = parseInput(refundRequestSchema, await readJson(ctx));
  const state = await requestRefund(donation.id, reason, requestedBy);
  return ok(state, REFUND_REQUEST_MESSAGES.sent, { status: 201 });
};

import type { APIRoute } from 'astro';
import { refundRequestDecisionSchema } from '~/lib/schemas/refunds';
import { requireAdmin } from '~/lib/server/accounts/session';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { decideRefundRequest, REFUND_REQUEST_DECISION_MESSAGES } from '~/lib/server/refunds/refundRequests';

/** Staff decide a donor's request: `{ decision: 'refund', bankReference? }` or `{ decision: 'decline', note }`. */
export const PATCH: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const decision = parseInput(refundRequestDecisionSchema, await readJson(ctx));
  const view = await decideRefundRequest(admin, ctx.params.id ?? '', decision);
  const message =
    decision.decision === 'refund'
      ? REFUND_REQUEST_DECISION_MESSAGES.refunded
      : REFUND_REQUEST_DECISION_MESSAGES.declined;
  return ok(view, message);
};

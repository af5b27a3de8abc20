import type { APIRoute } from 'astro';
import type { RefundAnswer } from '~/lib/contracts/refunds';
import { refundSchema } from '~/lib/schemas/refunds';
import { requireAdmin } from '~/lib/server/accounts/session';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { amountCentsOf, REFUND_MESSAGES, refundDonation } from '~/lib/server/refunds/refundDonation';

/** Staff refund a donation, whole or in part: `{ amount?, reason, bankReference?, idempotencyKey? }` (docs/api/refunds.md). */
export const POST: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const input = parseInput(refundSchema, await readJson(ctx));
  const outcome = await refundDonation({
    donationId: ctx.params.id ?? '',
    amountCents: amountCentsOf(input.amount),
    reason: input.reason,
    bankReference: input.bankReference,
    idempotencyKey: input.idempotencyKey ?? ctx.request.headers.get('idempotency-key'),
    actorId: admin.id,
  });
  const message = outcome.refund.status === 0 ? REFUND_MESSAGES.pending : REFUND_MESSAGES.refunded;
  return ok<RefundAnswer>({ refund: outcome.refund }, message, { status: outcome.replayed ? 200 : 201 });
};

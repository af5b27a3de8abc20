import type { APIRoute } from 'astro';
import { chargebackSchema } from '~/lib/schemas/refunds';
import { requireAdmin } from '~/lib/server/accounts/session';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { DISPUTE_MESSAGES, recordChargeback } from '~/lib/server/refunds/disputes';
import { amountCentsOf } from '~/lib/server/refunds/refundDonation';

/** Staff record a card chargeback (PayFast or iVeri): `{ amount?, reason, reference }` (docs/api/refunds.md "Disputes"). */
export const POST: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const input = parseInput(chargebackSchema, await readJson(ctx));
  const { view, replayed } = await recordChargeback(admin, ctx.params.id ?? '', {
    amountCents: amountCentsOf(input.amount),
    reason: input.reason,
    reference: input.reference,
  });
  return ok({ refund: view }, DISPUTE_MESSAGES.recorded, { status: replayed ? 200 : 201 });
};

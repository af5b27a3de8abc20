import type { APIRoute } from 'astro';
import { reverseChargebackSchema } from '~/lib/schemas/refunds';
import { requireAdmin } from '~/lib/server/accounts/session';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { DISPUTE_MESSAGES, reverseChargeback } from '~/lib/server/refunds/disputes';

/** Staff reverse a chargeback whose dispute was won: `{ reason }`. */
export const POST: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const { reason } = parseInput(reverseChargebackSchema, await readJson(ctx));
  const { view, replayed } = await reverseChargeback(admin, ctx.params.id ?? '', reason);
  return ok({ refund: view }, DISPUTE_MESSAGES.reversed, { status: replayed ? 200 : 201 });
};

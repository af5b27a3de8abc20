import type { APIRoute } from 'astro';
import { PayoutStatus } from '~/lib/enums';
import { payoutDecisionSchema } from '~/lib/schemas/adminRequests';
import { requireAdmin } from '~/lib/server/accounts/session';
import { decidePayout } from '~/lib/server/admin/decidePayout';
import { ADMIN_API_MESSAGES as M } from '~/lib/server/admin/messages';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';

const DONE = {
  [PayoutStatus.Accepted]: M.payoutAccepted,
  [PayoutStatus.Declined]: M.payoutDeclined,
  [PayoutStatus.Paid]: M.payoutPaid,
} as const;

export const PATCH: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const input = parseInput(payoutDecisionSchema, await readJson(ctx));
  return ok(await decidePayout(admin, ctx.params.id ?? '', input), DONE[input.status]);
};

import type { APIRoute } from 'astro';
import { askOwnerSchema } from '~/lib/schemas/report';
import { requireAdmin } from '~/lib/server/accounts/session';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { askOwner, REPORT_QUEUE_MESSAGES, reportKindOf } from '~/lib/server/moderation/reportQueue';

/** Staff ask the owner for information about a reported campaign or organisation: `{ message }`, mailed from the platform. */
export const POST: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const kind = reportKindOf(ctx.params.kind);
  const { message } = parseInput(askOwnerSchema, await readJson(ctx));
  await askOwner(admin, kind, ctx.params.id ?? '', message);
  return ok(null, REPORT_QUEUE_MESSAGES.asked);
};

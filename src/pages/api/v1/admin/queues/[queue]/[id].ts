import type { APIRoute } from 'astro';
import { requireAdmin } from '~/lib/server/accounts/session';
import { reviewQueueItem } from '~/lib/server/admin/queues';
import { ok } from '~/lib/server/http/responses';

/** The evidence of one queue item: contacts, documents, answers, banking details, payout, signals. */
export const GET: APIRoute = async (ctx) => {
  await requireAdmin(ctx);
  return ok(await reviewQueueItem(ctx.params.queue ?? '', ctx.params.id ?? ''));
};

import type { APIRoute } from 'astro';
import type { ReportsClosed } from '~/lib/contracts/reports';
import { reportDecisionSchema } from '~/lib/schemas/report';
import { requireAdmin } from '~/lib/server/accounts/session';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { closeReports, REPORT_QUEUE_MESSAGES, reportKindOf } from '~/lib/server/moderation/reportQueue';

/** Staff close a campaign's or organisation's open reports: `{ status: 'dismissed' | 'handled', note? }`. */
export const PATCH: APIRoute = async (ctx) => {
  const admin = await requireAdmin(ctx);
  const kind = reportKindOf(ctx.params.kind);
  const { status, note } = parseInput(reportDecisionSchema, await readJson(ctx));
  const closed = await closeReports(admin, kind, ctx.params.id ?? '', status, note);
  return ok<ReportsClosed>(
    { closed },
    status === 'dismissed' ? REPORT_QUEUE_MESSAGES.dismissed : REPORT_QUEUE_MESSAGES.handled,
  );
};

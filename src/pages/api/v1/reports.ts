import type { APIRoute } from 'astro';
import { REPORT_MESSAGES, reportSchema } from '~/lib/schemas/report';
import { readJson } from '~/lib/server/http/json';
import { parseInput } from '~/lib/server/http/parseInput';
import { ok } from '~/lib/server/http/responses';
import { createReport } from '~/lib/server/moderation/reports';
import { clientAddressOf } from '~/lib/server/platform/devTools';

/** A visitor reports a campaign or an organisation (docs/api/reports.md): the captcha and rate limits protect it. */
export const POST: APIRoute = async (ctx) => {
  const input = parseInput(reportSchema, await readJson(ctx));
  const report = await createReport(input, {
    user: ctx.locals.user ?? null,
    remoteAddress: clientAddressOf(ctx),
  });
  return ok(report, REPORT_MESSAGES.sent, { status: 201 });
};

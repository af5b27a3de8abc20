import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { readJson } from '~/lib/server/http/json';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';
import { organisationForReceipts } from '~/lib/server/receipts/organisationReceipts';
import { mailYearlyCertificate } from '~/lib/server/receipts/yearlyCertificateMail';
import {
  issueYearlyCertificates,
  listYearlyCertificates,
  YEARLY_MESSAGES,
} from '~/lib/server/receipts/yearlyCertificates';

/** The organisation's yearly Section 18A certificates (docs/api/receipts.md): its Owners and Admins. */
export const GET: APIRoute = async (ctx) =>
  ok(
    await listYearlyCertificates(
      requireUser(ctx),
      ctx.params.id ?? '',
      ctx.url.searchParams,
      pageQueryOf(ctx.url.searchParams, 20, 100),
    ),
  );

/** Issues an ended tax year's certificates to every donor who has none, and mails them. */
export const POST: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  // Permission before the body: a stranger hears 403 / 404, never what the body got wrong.
  const organisation = await organisationForReceipts(user, ctx.params.id ?? '');
  const result = await issueYearlyCertificates(
    user,
    organisation,
    await readJson(ctx),
    mailYearlyCertificate,
  );
  return ok(result, YEARLY_MESSAGES.issued(result), { status: result.issued > 0 ? 201 : 200 });
};

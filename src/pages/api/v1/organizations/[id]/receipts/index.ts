import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { pageQueryOf } from '~/lib/server/http/paging';
import { ok } from '~/lib/server/http/responses';
import { listOrganisationReceipts, RECEIPT_PAGE_SIZE } from '~/lib/server/receipts/organisationReceipts';

/** The organisation's Section 18A receipts, newest first, 20 a page (Owners and Admins). */
export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const page = pageQueryOf(ctx.url.searchParams, RECEIPT_PAGE_SIZE.default, RECEIPT_PAGE_SIZE.max);
  return ok(await listOrganisationReceipts(user, ctx.params.id ?? '', page));
};

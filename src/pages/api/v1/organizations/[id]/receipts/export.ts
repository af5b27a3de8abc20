import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { exportOrganisationReceipts } from '~/lib/server/receipts/organisationReceipts';

/** Every Section 18A receipt of the organisation as CSV, for its SARS reconciliation (Owners and Admins). */
export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const { csv, filename } = await exportOrganisationReceipts(user, ctx.params.id ?? '');
  return new Response(csv, {
    headers: {
      'content-type': 'text/csv; charset=utf-8',
      'content-disposition': `attachment; filename="${filename}"`,
      'cache-control': 'private, no-store',
    },
  });
};

import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { csvFile } from '~/lib/server/http/responses';
import { exportOrganisationReceipts } from '~/lib/server/receipts/organisationReceipts';

/** Every Section 18A receipt of the organisation as CSV, for its SARS reconciliation (Owners and Admins). */
export const GET: APIRoute = async (ctx) => {
  const user = requireUser(ctx);
  const { csv, filename } = await exportOrganisationReceipts(user, ctx.params.id ?? '');
  return csvFile(csv, filename);
};

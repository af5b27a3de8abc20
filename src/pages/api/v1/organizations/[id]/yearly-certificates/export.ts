import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { csvFile } from '~/lib/server/http/responses';
import { exportYearlyCertificates } from '~/lib/server/receipts/yearlyCertificates';

/** A tax year's yearly certificates as CSV, in number order (Owners and Admins). */
export const GET: APIRoute = async (ctx) => {
  const { csv, filename } = await exportYearlyCertificates(
    requireUser(ctx),
    ctx.params.id ?? '',
    ctx.url.searchParams,
  );
  return csvFile(csv, filename);
};

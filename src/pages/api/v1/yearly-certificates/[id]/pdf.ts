import type { APIRoute } from 'astro';
import { requireUser } from '~/lib/server/accounts/session';
import { yearlyCertificateFileName } from '~/lib/server/receipts/yearlyCertificateMail';
import { renderYearlyCertificatePdf } from '~/lib/server/receipts/yearlyCertificatePdf';
import { findReadableCertificate } from '~/lib/server/receipts/yearlyCertificates';

/** A yearly certificate's PDF: its donor, or the organisation's Owners and Admins. */
export const GET: APIRoute = async (ctx) => {
  const record = await findReadableCertificate(requireUser(ctx), ctx.params.id ?? '');
  const bytes = await renderYearlyCertificatePdf(record);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${yearlyCertificateFileName(record.tax_year, record.number)}"`,
      // A donor's ID number and address: kept by no cache.
      'cache-control': 'private, no-store',
    },
  });
};

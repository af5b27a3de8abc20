import type { APIRoute } from 'astro';
import { readJson } from '~/lib/server/http/json';
import { ok } from '~/lib/server/http/responses';
import { requestReceipt } from '~/lib/server/receipts/issueReceipt';
import { getReceiptPdf } from '~/lib/server/receipts/receiptDownload';

/** The donor asks for the donation's Section 18A receipt: 201 issued and mailed, 200 the one issued before. */
export const POST: APIRoute = async (ctx) => {
  const outcome = await requestReceipt(ctx.params.id ?? '', ctx, await readJson(ctx));
  return ok(outcome.result, outcome.message, { status: outcome.created ? 201 : 200 });
};

/** The receipt's PDF, as a download. */
export const GET: APIRoute = async (ctx) => {
  const { bytes, filename } = await getReceiptPdf(ctx.params.id ?? '', ctx);
  return new Response(new Uint8Array(bytes), {
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="${filename}"`,
      // A donor's ID number and address: kept by no cache.
      'cache-control': 'private, no-store',
    },
  });
};

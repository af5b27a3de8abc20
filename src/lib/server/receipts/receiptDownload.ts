import { receiptFileName } from '~/lib/receipts';
import type { requireUser } from '~/lib/server/accounts/session';
import { notFound } from '~/lib/server/http/errors';
import { findDonorsDonation } from './donorAccess';
import { RECEIPT_MESSAGES } from './eligibility';
import { renderReceiptPdf } from './receiptPdf';
import { findReceiptRecord } from './receiptRecords';

/** `GET /donations/{key}/receipt`: the PDF of the donation's receipt, for its donor; 404 before one is issued. */
export async function getReceiptPdf(
  key: string,
  ctx: Parameters<typeof requireUser>[0],
): Promise<{ bytes: Uint8Array; filename: string }> {
  const { donation } = await findDonorsDonation(key, ctx);
  const record = await findReceiptRecord(donation.id);
  if (!record) throw notFound(RECEIPT_MESSAGES.noReceipt);
  return { bytes: await renderReceiptPdf(record), filename: receiptFileName(record.number) };
}

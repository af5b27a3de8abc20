import type { Tx } from '~/lib/server/db/types';

/**
 * Called by the refund ledger's callers in the transaction where a refund, chargeback or reversal of
 * `donationId` takes effect (a row booked Completed, or a Pending row settled Completed). The donation's
 * Section 18A receipt, if it has one, is cancelled (its number stays used) and, when part of the gift
 * remains, a replacement receipt for the remainder is issued (docs/api/receipts.md).
 */
export async function reissueReceiptAfterRefund(
  _tx: Tx,
  _donationId: string,
  _reason: string,
): Promise<void> {
  // Filled in with the receipts' cancellation (issue 25, item 2).
}

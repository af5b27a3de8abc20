import { type AnyColumn, and, inArray, sql } from 'drizzle-orm';
import type { DonationRefunded } from '~/lib/contracts/donations';
import { RefundKind, RefundStatus } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import { getDb } from '~/lib/server/db';
import { donationRefunds } from '~/lib/server/db/schema';
import type { DbOrTx } from '~/lib/server/db/types';

/** What the refund ledger took back of one donation, in cents (counting rows: Pending and Completed). */
export interface RefundedCents {
  /** Of the gift, in the donation's currency. */
  amount: number;
  tipAmount: number;
  /** Of the gift, in the campaign's currency. */
  campaignAmount: number;
}

const signedSum = (column: AnyColumn) =>
  sql<number>`coalesce(sum(case when ${donationRefunds.kind} = ${RefundKind.ChargebackReversal}
    then -${column} else ${column} end), 0)::bigint`.mapWith(Number);

/**
 * The ledger's sums per donation of `donationIds` (refunds and lost disputes, less disputes won
 * back); a donation without a counting row is absent from the map.
 */
export async function loadRefundedOf(
  donationIds: readonly string[],
  db?: DbOrTx,
): Promise<Map<string, RefundedCents>> {
  const byId = new Map<string, RefundedCents>();
  if (donationIds.length === 0) return byId;
  const conn = db ?? (await getDb());
  const rows = await conn
    .select({
      donationId: donationRefunds.donationId,
      amount: signedSum(donationRefunds.amount),
      tipAmount: signedSum(donationRefunds.tipAmount),
      campaignAmount: signedSum(donationRefunds.campaignAmount),
    })
    .from(donationRefunds)
    .where(
      and(
        inArray(donationRefunds.donationId, [...new Set(donationIds)]),
        inArray(donationRefunds.status, [RefundStatus.Pending, RefundStatus.Completed]),
      ),
    )
    .groupBy(donationRefunds.donationId);
  for (const { donationId, ...cents } of rows) byId.set(donationId, cents);
  return byId;
}

/** The donor's view of it (My Donations): null when nothing went back, else the amounts and whether it was all. */
export function donationRefundedOf(
  refunded: RefundedCents | undefined,
  giftCents: number,
): DonationRefunded | null {
  if (!refunded || (refunded.amount <= 0 && refunded.tipAmount <= 0)) return null;
  return {
    amount: fromCents(refunded.amount),
    tipAmount: fromCents(refunded.tipAmount),
    whole: refunded.amount >= giftCents,
  };
}

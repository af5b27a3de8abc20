import { and, eq, inArray, sql } from 'drizzle-orm';
import { DonationStatus, RefundKind, RefundStatus } from '~/lib/enums';
import { formatMoney, fromCents } from '~/lib/money';
import { donationRefunds, donations } from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { badRequest, notFound } from '~/lib/server/http/errors';

/**
 * The refund ledger's one writer (docs/api/refunds.md): every refund, chargeback and reversal is a
 * row of `donation_refunds`, booked here under the donation's row lock, so two calls at once (or a
 * retry) can never take more than what remains. The donation itself is never edited.
 */

export type DonationRefundRow = typeof donationRefunds.$inferSelect;

/** What remains of a donation: the gift and the tip paid on top, in the donation's currency, and the gift in the campaign's. */
export interface DonationRemainder {
  amount: number;
  tipAmount: number;
  campaignAmount: number;
  /** What disputes (chargebacks) took and no reversal gave back yet: the most a reversal can return. */
  disputedAmount: number;
  disputedCampaignAmount: number;
  disputedTipAmount: number;
}

/** A ledger row that counts (Pending or Completed), signed: refunds and chargebacks take away, reversals give back. */
const signed = (
  column:
    | typeof donationRefunds.amount
    | typeof donationRefunds.campaignAmount
    | typeof donationRefunds.tipAmount,
) =>
  sql<number>`coalesce(sum(case when ${donationRefunds.kind} = ${RefundKind.ChargebackReversal} then -${column} else ${column} end), 0)::bigint`.mapWith(
    Number,
  );
const disputed = (
  column:
    | typeof donationRefunds.amount
    | typeof donationRefunds.campaignAmount
    | typeof donationRefunds.tipAmount,
) =>
  sql<number>`coalesce(sum(case when ${donationRefunds.kind} = ${RefundKind.Chargeback} then ${column}
    when ${donationRefunds.kind} = ${RefundKind.ChargebackReversal} then -${column} else 0 end), 0)::bigint`.mapWith(
    Number,
  );

/** The donation `id`, locked for the rest of the transaction (FOR UPDATE): the ledger's serialisation point. */
export async function lockDonation(tx: Tx, id: string) {
  const [donation] = await tx.select().from(donations).where(eq(donations.id, id)).for('update');
  if (!donation) throw notFound('Donation not found.');
  return donation;
}

/** What remains of `donation` after its counting ledger rows (read inside the transaction that holds its lock). */
export async function remainderOf(
  tx: Tx,
  donation: Pick<typeof donations.$inferSelect, 'id' | 'amount' | 'tipAmount' | 'campaignAmount'>,
): Promise<DonationRemainder> {
  const [taken] = await tx
    .select({
      amount: signed(donationRefunds.amount),
      tipAmount: signed(donationRefunds.tipAmount),
      campaignAmount: signed(donationRefunds.campaignAmount),
      disputedAmount: disputed(donationRefunds.amount),
      disputedCampaignAmount: disputed(donationRefunds.campaignAmount),
      disputedTipAmount: disputed(donationRefunds.tipAmount),
    })
    .from(donationRefunds)
    .where(
      and(
        eq(donationRefunds.donationId, donation.id),
        inArray(donationRefunds.status, [RefundStatus.Pending, RefundStatus.Completed]),
      ),
    );
  return {
    amount: donation.amount - (taken?.amount ?? 0),
    tipAmount: donation.tipAmount - (taken?.tipAmount ?? 0),
    campaignAmount: donation.campaignAmount - (taken?.campaignAmount ?? 0),
    disputedAmount: taken?.disputedAmount ?? 0,
    disputedCampaignAmount: taken?.disputedCampaignAmount ?? 0,
    disputedTipAmount: taken?.disputedTipAmount ?? 0,
  };
}

export interface LedgerEntryInput {
  donationId: string;
  kind: RefundKind;
  method: DonationRefundRow['method'];
  /** Cents of the gift in the donation's currency; omitted: all that remains (and the tip with it). */
  amount?: number;
  reason: string;
  /** A retry with the same key returns the first row instead of booking again. */
  idempotencyKey: string;
  status?: RefundStatus;
  externalReference?: string | null;
  createdById?: string | null;
}

export interface LedgerEntryResult {
  row: DonationRefundRow;
  /** The donation as read under its lock (a caller must use this, not an earlier read: it may have settled since). */
  donation: typeof donations.$inferSelect;
  /** True when the key was already booked: nothing new happened. */
  replayed: boolean;
}

/**
 * Books one ledger row in `tx`: locks the donation, returns the earlier row for a key already used,
 * refuses a donation that was never accepted and an amount beyond what remains (a reversal: beyond
 * what disputes took). A whole refund (no amount) also returns the tip; a part never does.
 */
export async function bookLedgerEntry(tx: Tx, input: LedgerEntryInput): Promise<LedgerEntryResult> {
  const donation = await lockDonation(tx, input.donationId);
  const [earlier] = await tx
    .select()
    .from(donationRefunds)
    .where(eq(donationRefunds.idempotencyKey, input.idempotencyKey));
  if (earlier) {
    if (earlier.donationId !== donation.id)
      throw badRequest('This idempotency key was used for another donation.');
    return { row: earlier, donation, replayed: true };
  }
  if (donation.status !== DonationStatus.Accepted)
    throw badRequest('Only an accepted donation can be refunded.');
  const left = await remainderOf(tx, donation);
  const reversal = input.kind === RefundKind.ChargebackReversal;
  const ceiling = reversal ? left.disputedAmount : left.amount;
  const ceilingTip = reversal ? left.disputedTipAmount : left.tipAmount;
  const ceilingCampaign = reversal ? left.disputedCampaignAmount : left.campaignAmount;
  const whole = input.amount === undefined || input.amount === ceiling;
  const amount = input.amount ?? ceiling;
  if (!Number.isInteger(amount) || amount < 0) throw badRequest('Enter an amount of at least R 0.01.');
  if (amount > ceiling) {
    throw badRequest(
      `That is more than what remains of this donation: at most ${formatMoney(fromCents(ceiling), donation.currencyId)}.`,
    );
  }
  const tipAmount = input.amount === undefined ? ceilingTip : 0;
  if (amount + tipAmount <= 0) throw badRequest('Nothing remains of this donation to refund.');
  const campaignAmount = whole
    ? ceilingCampaign
    : Math.round((donation.campaignAmount * amount) / donation.amount);
  const [row] = await tx
    .insert(donationRefunds)
    .values({
      donationId: donation.id,
      campaignId: donation.campaignId,
      kind: input.kind,
      method: input.method,
      status: input.status ?? RefundStatus.Pending,
      amount,
      campaignAmount: Math.min(campaignAmount, ceilingCampaign),
      tipAmount,
      reason: input.reason,
      idempotencyKey: input.idempotencyKey,
      externalReference: input.externalReference ?? null,
      createdById: input.createdById ?? null,
      completedAt: input.status === RefundStatus.Completed ? new Date() : null,
    })
    .returning();
  if (!row) throw new Error('The ledger row was not written.');
  return { row, donation, replayed: false };
}

/** Marks a Pending row Completed (with the gateway's refund id) or Failed (with its answer); a settled row stays as it is. */
export async function settleLedgerEntry(
  tx: Tx,
  id: string,
  outcome:
    | { status: typeof RefundStatus.Completed; externalReference?: string | null }
    | { status: typeof RefundStatus.Failed; failure: string },
): Promise<DonationRefundRow | undefined> {
  const [row] = await tx
    .update(donationRefunds)
    .set(
      outcome.status === RefundStatus.Completed
        ? {
            status: outcome.status,
            externalReference: outcome.externalReference ?? null,
            completedAt: new Date(),
          }
        : { status: outcome.status, failure: outcome.failure },
    )
    .where(and(eq(donationRefunds.id, id), eq(donationRefunds.status, RefundStatus.Pending)))
    .returning();
  return row;
}

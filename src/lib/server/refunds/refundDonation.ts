import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { RefundView } from '~/lib/contracts/refunds';
import { RefundKind, RefundMethod, RefundStatus } from '~/lib/enums';
import { fromCents, toCents } from '~/lib/money';
import { getDb } from '~/lib/server/db';
import { donationRefunds, donations } from '~/lib/server/db/schema';
import { badRequest, HttpError } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { refundableAtGateway, refundPayment } from '~/lib/server/payments/refunds';
import type { GatewayRefundResult } from '~/lib/server/payments/types';
import { recordAudit } from '~/lib/server/platform/audit';
import { log } from '~/lib/server/platform/log';
import {
  mailReceiptChange,
  type ReceiptChange,
  reissueReceiptAfterRefund,
} from '~/lib/server/receipts/refundedReceipts';
import { bookLedgerEntry, type DonationRefundRow, settleLedgerEntry } from './ledger';
import { sendRefundMails } from './mail';

/**
 * Refunds a donation, whole or in part (docs/api/refunds.md):
 * 1. one transaction books a Pending ledger row under the donation's lock (never beyond what remains;
 *    a key already used returns its row and does nothing else) and audits it;
 * 2. the gateway's own refund call, outside any transaction, with the row's key;
 * 3. one transaction settles the row Completed (and cancels or replaces the Section 18A receipt) or
 *    Failed (it stops counting). Staff's manual refunds (EFT, gateways without a refund call) carry
 *    the bank reference and are booked Completed at once.
 * The donor and the owner are mailed once the refund took effect.
 */

export const REFUND_MESSAGES = {
  refunded: 'The donation was refunded.',
  pending: 'The refund was asked of the gateway; it is pending.',
  needsBankReference:
    'This payment can only be refunded by bank transfer: pay the donor back, then enter the bank reference of that transfer.',
} as const;

export interface RefundDonationInput {
  donationId: string;
  /** Cents of the gift in the donation's currency; omitted: all that remains, the tip with it. */
  amountCents?: number | null;
  reason: string;
  idempotencyKey?: string | null;
  actorId: string;
  /** Staff paid the donor back by bank: the transfer's reference (EFT and gateways without a refund call). */
  bankReference?: string | null;
}

export interface RefundOutcome {
  refund: RefundView;
  replayed: boolean;
}

export function refundViewOf(row: DonationRefundRow): RefundView {
  return {
    id: row.id,
    donationId: row.donationId,
    kind: row.kind,
    method: row.method,
    status: row.status,
    amount: fromCents(row.amount),
    tipAmount: fromCents(row.tipAmount),
    campaignAmount: fromCents(row.campaignAmount),
    reason: row.reason,
    externalReference: row.externalReference,
    failure: row.failure,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt?.toISOString() ?? null,
  };
}

/** The gateway's answer for a row, or a thrown error kept as the row's failure. */
async function askGateway(
  donation: typeof donations.$inferSelect,
  row: DonationRefundRow,
): Promise<GatewayRefundResult | { kind: 'unreachable'; message: string }> {
  try {
    return await refundPayment({
      paymentMethod: donation.paymentMethod as never,
      reference: donation.reference,
      gatewayPaymentId: donation.gatewayPaymentId,
      amountCents: row.amount + row.tipAmount,
      paidCents: donation.amount + donation.tipAmount,
      currencyId: donation.currencyId as never,
      reason: row.reason,
      idempotencyKey: row.id,
    });
  } catch (error) {
    log.error(
      { area: 'refunds', refundId: row.id, err: error },
      'Refund not sent: the gateway could not be reached',
    );
    return {
      kind: 'unreachable',
      message: 'The gateway could not be reached. Nothing was refunded; try again.',
    };
  }
}

export async function refundDonation(input: RefundDonationInput): Promise<RefundOutcome> {
  const db = await getDb();
  const donationId = uuidOrNull(input.donationId);
  const [donation] = donationId ? await db.select().from(donations).where(eq(donations.id, donationId)) : [];
  if (!donation) throw new HttpError(404, 'Donation not found.');
  const manual = Boolean(input.bankReference);
  if (!manual && !refundableAtGateway(donation)) throw badRequest(REFUND_MESSAGES.needsBankReference);
  const key = input.idempotencyKey ?? `refund:${randomUUID()}`;

  let receiptChange: ReceiptChange | null = null;
  const booked = await db.transaction(async (tx) => {
    const result = await bookLedgerEntry(tx, {
      donationId: donation.id,
      kind: RefundKind.Refund,
      method: manual ? RefundMethod.Manual : RefundMethod.Gateway,
      ...(input.amountCents == null ? {} : { amount: input.amountCents }),
      reason: input.reason,
      idempotencyKey: key,
      status: manual ? RefundStatus.Completed : RefundStatus.Pending,
      externalReference: manual ? (input.bankReference ?? null) : null,
      createdById: input.actorId,
    });
    if (result.replayed) return result;
    await recordAudit(
      {
        actorId: input.actorId,
        action: 'refund-donation',
        entity: 'donation',
        entityId: donation.id,
        details: {
          campaignId: donation.campaignId,
          refundId: result.row.id,
          amount: fromCents(result.row.amount),
          tipAmount: fromCents(result.row.tipAmount),
          method: manual ? 'manual' : 'gateway',
          reason: input.reason,
          ...(manual ? { bankReference: input.bankReference } : {}),
        },
        before: { refunded: false },
        after: { refundId: result.row.id, status: result.row.status },
      },
      tx,
    );
    if (manual) {
      receiptChange = await reissueReceiptAfterRefund(tx, donation.id, input.reason);
      await sendRefundMails(tx, result.row.id, false);
    }
    return result;
  });
  if (booked.replayed) return { refund: refundViewOf(booked.row), replayed: true };
  if (manual) {
    await mailReceiptChange(receiptChange);
    return { refund: refundViewOf(booked.row), replayed: false };
  }

  // The donation as read under its lock: it may have settled (and got its gateway id) since the first read.
  const answer = await askGateway(booked.donation, booked.row);
  const settled = await db.transaction(async (tx) => {
    if (answer.kind === 'refunded') {
      const row = await settleLedgerEntry(tx, booked.row.id, {
        status: RefundStatus.Completed,
        externalReference: answer.externalReference,
      });
      if (row) {
        receiptChange = await reissueReceiptAfterRefund(tx, donation.id, input.reason);
        await sendRefundMails(tx, row.id, true);
      }
      return row;
    }
    const message = answer.kind === 'manual' ? REFUND_MESSAGES.needsBankReference : answer.message;
    return settleLedgerEntry(tx, booked.row.id, { status: RefundStatus.Failed, failure: message });
  });
  const row = settled ?? booked.row;
  if (row.status === RefundStatus.Failed)
    throw new HttpError(502, row.failure ?? 'The gateway refused the refund.');
  await mailReceiptChange(receiptChange);
  return { refund: refundViewOf(row), replayed: false };
}

/** Cents of an API amount (rand or dollars with two decimals), or null for "all that remains". */
export const amountCentsOf = (amount: number | null | undefined): number | null =>
  amount == null ? null : toCents(amount);

/** The ledger row by id (for a replay's answer). */
export async function findLedgerRow(id: string): Promise<DonationRefundRow | undefined> {
  const db = await getDb();
  const [row] = await db.select().from(donationRefunds).where(eq(donationRefunds.id, id));
  return row;
}

import { and, eq, inArray } from 'drizzle-orm';
import type { RefundView } from '~/lib/contracts/refunds';
import { PaymentGateway, RefundKind, RefundMethod, RefundStatus } from '~/lib/enums';
import { toCents } from '~/lib/money';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { donationRefunds, donations } from '~/lib/server/db/schema';
import { badRequest, HttpError, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { recordAudit } from '~/lib/server/platform/audit';
import { log } from '~/lib/server/platform/log';
import { mailReceiptChange, reissueReceiptAfterRefund } from '~/lib/server/receipts/refundedReceipts';
import { bookLedgerEntry } from './ledger';
import { sendRefundMails } from './mail';
import { refundViewOf } from './refundDonation';

/**
 * Disputes (docs/api/refunds.md "Disputes"): a card chargeback or a PayPal dispute the platform loses
 * takes the money from the campaign like a refund (a Chargeback row); a dispute won gives it back (a
 * ChargebackReversal row, at most what the chargeback took). PayPal tells us by webhook; for PayFast
 * and iVeri card chargebacks the bank's notice reaches staff, who record it here.
 */

export const DISPUTE_MESSAGES = {
  cardOnly:
    'Chargebacks are recorded for card payments (PayFast or iVeri). PayPal disputes arrive from PayPal.',
  notChargeback: 'Only a chargeback can be reversed.',
  recorded: 'The chargeback was recorded.',
  reversed: 'The chargeback was reversed: the money counts for the campaign again.',
} as const;

const CARD_METHODS: readonly number[] = [
  PaymentGateway.PayFast,
  PaymentGateway.Recurring,
  PaymentGateway.IVeri,
];

/** Books one dispute row Completed and audits it; returns the row (the earlier one for a key already used). */
async function bookDispute(input: {
  donationId: string;
  kind: typeof RefundKind.Chargeback | typeof RefundKind.ChargebackReversal;
  amountCents?: number;
  reason: string;
  key: string;
  reference: string;
  actorId: string | null;
  action: string;
}): Promise<{ view: RefundView; replayed: boolean }> {
  const db = await getDb();
  let change: Awaited<ReturnType<typeof reissueReceiptAfterRefund>> = null;
  const booked = await db.transaction(async (tx) => {
    const result = await bookLedgerEntry(tx, {
      donationId: input.donationId,
      kind: input.kind,
      method: RefundMethod.Dispute,
      ...(input.amountCents === undefined ? {} : { amount: input.amountCents }),
      reason: input.reason,
      idempotencyKey: input.key,
      status: RefundStatus.Completed,
      externalReference: input.reference,
      createdById: input.actorId,
    });
    if (result.replayed) return result;
    await recordAudit(
      {
        actorId: input.actorId,
        action: input.action,
        entity: 'donation',
        entityId: input.donationId,
        details: {
          refundId: result.row.id,
          amount: result.row.amount / 100,
          reference: input.reference,
          reason: input.reason,
        },
        after: { kind: input.kind, refundId: result.row.id },
      },
      tx,
    );
    change = await reissueReceiptAfterRefund(tx, input.donationId, input.reason);
    await sendRefundMails(tx, result.row.id, true);
    return result;
  });
  if (!booked.replayed) await mailReceiptChange(change);
  return { view: refundViewOf(booked.row), replayed: booked.replayed };
}

/** `POST /admin/donations/{id}/chargeback` `{ amount?, reason, reference }`: a card chargeback the bank reported. */
export async function recordChargeback(
  admin: SessionUser,
  donationId: string,
  input: { amountCents: number | null; reason: string; reference: string },
): Promise<{ view: RefundView; replayed: boolean }> {
  const id = uuidOrNull(donationId);
  if (!id) throw notFound('Donation not found.');
  const db = await getDb();
  const [donation] = await db.select().from(donations).where(eq(donations.id, id));
  if (!donation) throw notFound('Donation not found.');
  if (!CARD_METHODS.includes(donation.paymentMethod)) throw badRequest(DISPUTE_MESSAGES.cardOnly);
  return bookDispute({
    donationId: id,
    kind: RefundKind.Chargeback,
    ...(input.amountCents === null ? {} : { amountCents: input.amountCents }),
    reason: input.reason,
    key: `chargeback:${id}:${input.reference}`,
    reference: input.reference,
    actorId: admin.id,
    action: 'record-chargeback',
  });
}

/** `POST /admin/refunds/{id}/reverse` `{ reason }`: the dispute was won; the chargeback's amount counts again. */
export async function reverseChargeback(
  admin: SessionUser,
  refundId: string,
  reason: string,
): Promise<{ view: RefundView; replayed: boolean }> {
  const id = uuidOrNull(refundId);
  if (!id) throw notFound('Refund not found.');
  const db = await getDb();
  const [row] = await db.select().from(donationRefunds).where(eq(donationRefunds.id, id));
  if (!row) throw notFound('Refund not found.');
  if (row.kind !== RefundKind.Chargeback || row.status !== RefundStatus.Completed)
    throw badRequest(DISPUTE_MESSAGES.notChargeback);
  return bookDispute({
    donationId: row.donationId,
    kind: RefundKind.ChargebackReversal,
    amountCents: row.amount,
    reason,
    key: `reverse:${row.id}`,
    reference: row.externalReference ?? row.id,
    actorId: admin.id,
    action: 'reverse-chargeback',
  });
}

interface DisputeResource {
  dispute_id?: unknown;
  disputed_transactions?: { seller_transaction_id?: unknown }[];
  dispute_amount?: { value?: unknown };
  dispute_outcome?: { outcome_code?: unknown };
  reason?: unknown;
}

/**
 * A verified PayPal `CUSTOMER.DISPUTE.CREATED` or `.RESOLVED` webhook: CREATED books the disputed
 * amount as a chargeback of the donation whose capture it names; RESOLVED in the seller's favour
 * reverses it. Keyed by the dispute's id, so PayPal's retries book once. 'ignored' for another event
 * or a capture that is none of our donations.
 */
export async function bookPaypalDispute(event: Record<string, unknown>): Promise<'booked' | 'ignored'> {
  try {
    return await bookPaypalDisputeEvent(event);
  } catch (error) {
    // Nothing left to take (refunded already), or a reversal beyond the chargeback: PayPal's retry would change nothing.
    if (!(error instanceof HttpError) || error.status >= 500) throw error;
    log.warn(
      { area: 'refunds', gateway: 'paypal', eventId: String(event.id ?? ''), err: error },
      'Dispute webhook not booked',
    );
    return 'ignored';
  }
}

async function bookPaypalDisputeEvent(event: Record<string, unknown>): Promise<'booked' | 'ignored'> {
  const type = event.event_type;
  if (type !== 'CUSTOMER.DISPUTE.CREATED' && type !== 'CUSTOMER.DISPUTE.RESOLVED') return 'ignored';
  const resource = (event.resource ?? {}) as DisputeResource;
  const disputeId = typeof resource.dispute_id === 'string' ? resource.dispute_id : null;
  const captureId = resource.disputed_transactions?.[0]?.seller_transaction_id;
  if (!disputeId || typeof captureId !== 'string') return 'ignored';
  const db = await getDb();
  const [donation] = await db
    .select()
    .from(donations)
    .where(
      and(
        eq(donations.gatewayPaymentId, captureId),
        inArray(donations.paymentMethod, [PaymentGateway.PayPal, PaymentGateway.PayPalCard]),
      ),
    );
  if (!donation) return 'ignored';
  const reason = `PayPal dispute ${disputeId}${typeof resource.reason === 'string' ? ` (${resource.reason})` : ''}`;
  if (type === 'CUSTOMER.DISPUTE.CREATED') {
    const disputed = Number(resource.dispute_amount?.value);
    const cents = Number.isFinite(disputed) ? toCents(disputed) : null;
    // The whole payment (gift and tip), or a part of the gift.
    const whole = cents === null || cents >= donation.amount + donation.tipAmount;
    await bookDispute({
      donationId: donation.id,
      kind: RefundKind.Chargeback,
      ...(whole ? {} : { amountCents: Math.min(cents ?? donation.amount, donation.amount) }),
      reason,
      key: `paypal-dispute:${disputeId}:created`,
      reference: disputeId,
      actorId: null,
      action: 'paypal-dispute',
    });
    return 'booked';
  }
  if (resource.dispute_outcome?.outcome_code !== 'RESOLVED_SELLER_FAVOUR') return 'booked';
  const [chargeback] = await db
    .select()
    .from(donationRefunds)
    .where(eq(donationRefunds.idempotencyKey, `paypal-dispute:${disputeId}:created`));
  if (!chargeback) return 'ignored';
  await bookDispute({
    donationId: donation.id,
    kind: RefundKind.ChargebackReversal,
    amountCents: chargeback.amount,
    reason: `${reason}: decided in the campaign's favour`,
    key: `paypal-dispute:${disputeId}:reversed`,
    reference: disputeId,
    actorId: null,
    action: 'paypal-dispute',
  });
  return 'booked';
}

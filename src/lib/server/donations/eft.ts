import { eq } from 'drizzle-orm';
import type { Donation } from '~/lib/contracts/donations';
import { DonationStatus, PaymentGateway } from '~/lib/enums';
import { formatMoney, fromCents, toCents } from '~/lib/money';
import { eftReceivedSchema } from '~/lib/schemas/donation';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { donations } from '~/lib/server/db/schema';
import { badRequest, conflict, forbidden, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { parseInput } from '~/lib/server/http/parseInput';
import { applyVerifiedPayment } from './settlement';
import { donationView, loadViewContext } from './view';

/** `POST /donations/{id}/eft-received` (docs/api/donations.md "Calls"): an admin saw the transfer arrive. */

export const EFT_MESSAGES = {
  received: 'Donation marked as received.',
  notFound: 'Donation not found.',
  notPendingEft: 'Only an EFT donation that has not been received can be marked as received.',
  mismatch: (total: string) => `The amount received does not match this donation (${total}).`,
} as const;

/**
 * Statuses a transfer can still arrive for: waiting, or given up on by the donor's browser
 * (they pressed cancel, then paid anyway) — money that reached the account is always counted.
 */
const AWAITING_TRANSFER = new Set<number>([
  DonationStatus.Pending,
  DonationStatus.CanceledAtTransaction,
  DonationStatus.Rejected,
]);

/** Tolerance either way, as for gateway amounts. */
const TOLERANCE_CENTS = 1;

/**
 * Books a bank transfer an admin found on the platform's statement. It goes
 * through settlement like a gateway notification (payment id `eft-{id}`), so
 * the donation is accepted, counted and receipted exactly once.
 */
export async function markEftReceived(user: SessionUser, id: string, body: unknown): Promise<Donation> {
  if (user.role !== 'admin') throw forbidden();
  const { amount } = parseInput(eftReceivedSchema, body);
  const donationId = uuidOrNull(id);
  if (!donationId) throw notFound(EFT_MESSAGES.notFound);
  const db = await getDb();
  const [donation] = await db.select().from(donations).where(eq(donations.id, donationId)).limit(1);
  if (!donation) throw notFound(EFT_MESSAGES.notFound);
  if (donation.paymentMethod !== PaymentGateway.EFT || !AWAITING_TRANSFER.has(donation.status))
    throw conflict(EFT_MESSAGES.notPendingEft);
  const totalCents = donation.amount + donation.tipAmount;
  if (!Number.isFinite(amount) || Math.abs(toCents(amount) - totalCents) > TOLERANCE_CENTS) {
    const message = EFT_MESSAGES.mismatch(formatMoney(fromCents(totalCents), donation.currencyId));
    throw badRequest(message, { amount: [message] });
  }
  const result = await applyVerifiedPayment({
    gateway: PaymentGateway.EFT,
    gatewayPaymentId: `eft-${donation.id}`,
    reference: donation.reference,
    outcome: 'paid',
    amountCents: toCents(amount),
    payload: { amount, markedBy: user.id },
  });
  if (result === 'rejected') throw conflict(EFT_MESSAGES.notPendingEft);

  const [saved] = await db.select().from(donations).where(eq(donations.id, donationId)).limit(1);
  const row = saved ?? donation;
  const { campaignsById, currenciesById } = await loadViewContext([row]);
  const campaign = campaignsById.get(row.campaignId);
  const currency = currenciesById.get(row.currencyId);
  if (!campaign || !currency) throw new Error(`Donation ${row.id} has no campaign or currency`);
  return donationView(row, { campaign, currency });
}

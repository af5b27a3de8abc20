import { eq } from 'drizzle-orm';
import { Currency, DonationStatus, DonationType, FIELD_LIMITS, PaymentGateway } from '~/lib/enums';
import { getDb } from '~/lib/server/db';
import { donations, gatewayNotifications } from '~/lib/server/db/schema';
import type { Tx } from '~/lib/server/db/types';
import { posterCampaignIdOf } from '~/lib/server/payments/snapscan';
import type { VerifiedPayment } from '~/lib/server/payments/types';
import { recordAudit } from '~/lib/server/platform/audit';
import { markNotification, recordNotification } from './gatewayNotes';
import { acceptsDonations, campaignAmountOf, type DonationCampaign, findDonationCampaignById } from './rules';
import type { Booked } from './settlement';

/**
 * SnapScan poster payments (docs/api/donations.md "SnapScan poster code"). A campaign's printed
 * poster may carry a SnapScan code, `{qrUrl}/{merchant}?id={poster reference}`, with no amount
 * and not strict: anyone may scan it and pay what they like, as often as they like. Each verified
 * payment to that reference becomes a new donation to the campaign, created already Accepted in
 * the transaction that stores SnapScan's notification, so SnapScan's payment id books it once
 * however often (or however concurrently) the webhook comes.
 */

/**
 * The donor a poster payment names: the reference the payer typed in the app (SnapScan's
 * `userReference`, when the merchant account has it enabled) as their public name, else Anonymous.
 * SnapScan passes no e-mail address, so none is kept and no receipt is mailed.
 */
function donorOf(payment: VerifiedPayment) {
  const name = payment.payerReference?.replace(/\s+/g, ' ').trim().slice(0, FIELD_LIMITS.displayName).trim();
  if (!name) return { firstName: 'Anonymous', lastName: '', anonymous: true, displayName: null };
  return { firstName: name, lastName: '', anonymous: false, displayName: name };
}

/** Why a poster payment is not a donation: the campaign is unknown, closed or hidden. */
function refusal(campaign: DonationCampaign | null): string | null {
  if (!campaign) return 'Poster payment for an unknown campaign';
  if (!acceptsDonations(campaign)) return 'Poster payment for a campaign that does not accept donations';
  return null;
}

/**
 * Books one verified SnapScan payment made with a campaign's poster code (`campaignId` from its
 * reference). A failed payment is stored and books nothing. A payment for an unknown, closed or
 * hidden campaign is stored unbooked and written to the audit log for staff (the money is at
 * SnapScan: staff refund it or place it by hand); only its first delivery is audited.
 */
export async function bookPosterPayment(payment: VerifiedPayment, campaignId: string): Promise<Booked> {
  const campaign = await findDonationCampaignById(campaignId);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const noted = await recordNotification(tx, payment, {});
    if (noted === null) return { result: 'duplicate', donationId: null, accepted: null };
    if (payment.outcome !== 'paid') return { result: 'applied', donationId: null, accepted: null };
    const refused = refusal(campaign) ?? (payment.amountCents > 0 ? null : 'Poster payment of no amount');
    if (refused || !campaign) {
      const error = refused ?? 'Poster payment for an unknown campaign';
      await markNotification(tx, noted, error);
      await auditUnbooked(tx, payment, campaign, error);
      return { result: 'rejected', donationId: null, accepted: null, error };
    }
    const id = await insertPosterDonation(tx, payment, campaign);
    await tx.update(gatewayNotifications).set({ donationId: id }).where(eq(gatewayNotifications.id, noted));
    return { result: 'applied', donationId: id, accepted: id, created: true };
  });
}

async function insertPosterDonation(
  tx: Tx,
  payment: VerifiedPayment,
  campaign: DonationCampaign,
): Promise<string> {
  const now = new Date();
  const [row] = await tx
    .insert(donations)
    .values({
      campaignId: campaign.id,
      userId: null,
      type: DonationType.OneOff,
      // SnapScan settles rand only.
      currencyId: Currency.Rand,
      amount: payment.amountCents,
      ...campaignAmountOf(payment.amountCents, Currency.Rand, campaign.currency.id),
      tipAmount: 0,
      paymentMethod: PaymentGateway.SnapScan,
      status: DonationStatus.Accepted,
      ...donorOf(payment),
      email: '',
      mobileNumber: null,
      comment: null,
      // Paid with the SnapScan code on the campaign's poster.
      referralChannel: 'snapscan',
      reference: `${payment.reference}-${payment.gatewayPaymentId}`,
      gatewayPaymentId: payment.gatewayPaymentId,
      settledAt: now,
    })
    .returning({ id: donations.id });
  if (!row) throw new Error(`poster payment ${payment.gatewayPaymentId} not inserted`);
  return row.id;
}

async function auditUnbooked(
  tx: Tx,
  payment: VerifiedPayment,
  campaign: DonationCampaign | null,
  error: string,
): Promise<void> {
  await recordAudit(
    {
      actorId: null,
      action: 'snapscan-poster-payment-unbooked',
      entity: 'campaign',
      entityId: campaign?.id ?? posterCampaignIdOf(payment.reference),
      details: {
        reason: error,
        gateway: payment.gateway,
        gatewayPaymentId: payment.gatewayPaymentId,
        reference: payment.reference,
        amountCents: payment.amountCents,
        payerReference: payment.payerReference ?? null,
      },
    },
    tx,
  );
}

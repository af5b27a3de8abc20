import { and, eq, inArray } from 'drizzle-orm';
import { thanksHref } from '~/lib/campaignDisplay';
import { PaymentGateway } from '~/lib/enums';
import { getDb } from '~/lib/server/db';
import { donations } from '~/lib/server/db/schema';
import { applyVerifiedPayment } from '~/lib/server/donations/settlement';
import { readDonationToken, signDonationToken } from '~/lib/server/donations/tokens';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';
import { metrics } from '~/lib/server/platform/metrics';
import { bookPaypalDispute } from '~/lib/server/refunds/disputes';
import { capturePaypalOrder, paymentOfWebhook, verifyPaypalWebhook } from './paypal';

/**
 * The donor is back from PayPal (`?token={orderId}&donation={donation token}`):
 * capture the order and book the capture, then send them to /thanks, which shows
 * the donation's status. Null when no PayPal donation has this order. A refused
 * or failed capture is logged; the donor still lands on /thanks (the donation
 * stays as it was or is Rejected).
 *
 * The order id is no secret (the campaign owner sees it), so the /thanks link
 * with the donor's token is handed out only to a return that brings that
 * donation's own token, which only the browser that started the checkout
 * received (paypalReturnUrl). Without it the payment is still booked, but the
 * visitor lands on a bare /thanks that names no donation.
 */
export async function completePaypalReturn(orderId: string, donationToken: string): Promise<string | null> {
  if (!orderId || orderId.length > 64) return null;
  const db = await getDb();
  const [donation] = await db
    .select({ id: donations.id, reference: donations.reference, createdAt: donations.createdAt })
    .from(donations)
    .where(
      and(
        eq(donations.orderId, orderId),
        inArray(donations.paymentMethod, [PaymentGateway.PayPal, PaymentGateway.PayPalCard]),
      ),
    )
    .limit(1);
  if (!donation) return null;
  try {
    const payment = await capturePaypalOrder(orderId);
    if (payment && payment.reference !== donation.reference)
      log.warn(
        {
          area: 'payments',
          gateway: 'paypal',
          orderId,
          reference: payment.reference,
          expected: donation.reference,
        },
        'PayPal order captured for another donation',
      );
    else if (payment) await applyVerifiedPayment(payment);
  } catch (error) {
    log.warn({ area: 'payments', gateway: 'paypal', orderId, err: error }, 'PayPal order not captured');
  }
  if (readDonationToken(donationToken) !== donation.id) return `${env.publicUrl}/thanks`;
  return `${env.publicUrl}${thanksHref(signDonationToken(donation.id, donation.createdAt))}`;
}

export type WebhookResult = 'booked' | 'ignored' | 'invalid';

/**
 * A PayPal webhook: verified with PayPal first (a forgery books nothing and is
 * never stored under a capture id), then PAYMENT.CAPTURE.COMPLETED / DENIED are
 * booked under the capture id, the same id the return's capture used, so the
 * payment counts once whichever arrives first.
 */
export async function processPaypalWebhook(
  headers: Headers,
  event: Record<string, unknown>,
): Promise<WebhookResult> {
  if (!(await verifyPaypalWebhook(headers, event))) {
    metrics.paymentNotifications.inc({ gateway: 'paypal', outcome: 'invalid' });
    log.warn(
      { area: 'payments', gateway: 'paypal', eventId: String(event.id ?? '') },
      'PayPal webhook failed verification',
    );
    return 'invalid';
  }
  // Disputes (CUSTOMER.DISPUTE.*) take money back from the campaign as ledger rows (refunds/disputes.ts).
  if (String(event.event_type ?? '').startsWith('CUSTOMER.DISPUTE.')) return bookPaypalDispute(event);
  const payment = paymentOfWebhook(event);
  if (!payment) return 'ignored';
  await applyVerifiedPayment(payment);
  return 'booked';
}

import { applyVerifiedPayment } from '~/lib/server/donations/settlement';
import { HttpError } from '~/lib/server/http/errors';
import { metrics } from '~/lib/server/platform/metrics';
import { SnapscanCheckUnavailableError, SnapscanWebhookError, verifySnapscanWebhook } from './snapscan';

/**
 * Verifies and books one SnapScan webhook before the endpoint answers, so a 200 means booked.
 * A forged or altered webhook is never booked, nor stored under SnapScan's id, and is answered
 * 200 (it is not worth a retry). When SnapScan's Payments API could not be read, or booking
 * fails, this throws, so the answer is a 5xx and SnapScan sends the webhook again.
 */
export async function processSnapscanWebhook(rawBody: string, authorization: string | null): Promise<void> {
  const payment = await verifySnapscanWebhook(rawBody, authorization).catch((error: unknown) => {
    if (error instanceof SnapscanCheckUnavailableError) {
      metrics.paymentNotifications.inc({ gateway: 'snapscan', outcome: 'unconfirmed' });
      console.warn(`SnapScan webhook not checked, asking for a retry: ${error.message}`);
      throw new HttpError(
        503,
        "SnapScan's Payments API could not be read; send the webhook again.",
        null,
        'unavailable',
        { 'retry-after': '60' },
      );
    }
    if (!(error instanceof SnapscanWebhookError)) throw error;
    metrics.paymentNotifications.inc({ gateway: 'snapscan', outcome: 'invalid' });
    console.warn(`SnapScan webhook ignored: ${error.message}`);
    return null;
  });
  if (!payment) return;
  const result = await applyVerifiedPayment(payment);
  if (result === 'rejected')
    console.warn(
      `SnapScan payment ${payment.gatewayPaymentId} for ${payment.reference} was rejected by settlement`,
    );
}

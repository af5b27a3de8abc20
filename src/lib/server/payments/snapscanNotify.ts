import { applyVerifiedPayment } from '~/lib/server/donations/settlement';
import { HttpError } from '~/lib/server/http/errors';
import { log } from '~/lib/server/platform/log';
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
      log.warn(
        { area: 'payments', gateway: 'snapscan', err: error },
        'SnapScan webhook not checked: asking for a retry',
      );
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
    log.warn({ area: 'payments', gateway: 'snapscan', err: error }, 'SnapScan webhook ignored');
    return null;
  });
  if (!payment) return;
  const result = await applyVerifiedPayment(payment);
  if (result === 'rejected')
    log.warn(
      {
        area: 'payments',
        gateway: 'snapscan',
        gatewayPaymentId: payment.gatewayPaymentId,
        reference: payment.reference,
      },
      'SnapScan payment rejected by settlement',
    );
}

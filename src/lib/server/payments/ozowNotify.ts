import { applyVerifiedPayment } from '~/lib/server/donations/settlement';
import { HttpError } from '~/lib/server/http/errors';
import { log } from '~/lib/server/platform/log';
import { metrics } from '~/lib/server/platform/metrics';
import { OzowCheckUnavailableError, OzowNotificationError, verifyOzowNotificationPost } from './ozow';

/**
 * Verifies and books one Ozow notification before the endpoint answers, so a 200 means booked:
 * a server that stops after answering cannot lose it. A forged or altered post is never booked,
 * nor stored under Ozow's id, and is answered 200 (it is not worth a retry). When Ozow's own
 * record could not be read (OzowCheckUnavailableError), or booking fails, this throws, so the
 * answer is a 5xx and Ozow sends the notification again.
 */
export async function processOzowNotification(form: Record<string, string>): Promise<void> {
  const payment = await verifyOzowNotificationPost(form).catch((error: unknown) => {
    if (error instanceof OzowCheckUnavailableError) {
      metrics.paymentNotifications.inc({ gateway: 'ozow', outcome: 'unconfirmed' });
      log.warn(
        { area: 'payments', gateway: 'ozow', reference: form.TransactionReference ?? null, err: error },
        'Ozow notification not checked: asking for a retry',
      );
      throw new HttpError(
        503,
        "Ozow's status check could not be made; send the notification again.",
        null,
        'unavailable',
        { 'retry-after': '60' },
      );
    }
    if (!(error instanceof OzowNotificationError)) throw error;
    metrics.paymentNotifications.inc({ gateway: 'ozow', outcome: 'invalid' });
    log.warn(
      { area: 'payments', gateway: 'ozow', reference: form.TransactionReference ?? null, err: error },
      'Ozow notification ignored',
    );
    return null;
  });
  if (!payment) return;
  const result = await applyVerifiedPayment(payment);
  if (result === 'rejected')
    log.warn(
      {
        area: 'payments',
        gateway: 'ozow',
        gatewayPaymentId: payment.gatewayPaymentId,
        reference: payment.reference,
      },
      'Ozow notification rejected by settlement',
    );
}

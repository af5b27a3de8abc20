import { applyVerifiedPayment } from '~/lib/server/donations/settlement';
import { HttpError } from '~/lib/server/http/errors';
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
      console.warn(
        `Ozow notification for ${form.TransactionReference ?? '(no reference)'} not checked, asking for a retry: ${error.message}`,
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
    console.warn(
      `Ozow notification for ${form.TransactionReference ?? '(no reference)'} ignored: ${error.message}`,
    );
    return null;
  });
  if (!payment) return;
  const result = await applyVerifiedPayment(payment);
  if (result === 'rejected')
    console.warn(
      `Ozow notification ${payment.gatewayPaymentId} for ${payment.reference} was rejected by settlement`,
    );
}

import { applyVerifiedPayment } from '~/lib/server/donations/settlement';
import { verifyOzowNotificationPost } from './ozow';

/**
 * Verifies and books one Ozow notification. Runs after the 200 went out (Ozow
 * wants a quick answer and retries otherwise), so failures are only logged:
 * a forged or altered post is never booked, nor stored under Ozow's id.
 */
export async function processOzowNotification(form: Record<string, string>): Promise<void> {
  try {
    const payment = await verifyOzowNotificationPost(form);
    if (!payment) return;
    const result = await applyVerifiedPayment(payment);
    if (result === 'rejected')
      console.warn(
        `Ozow notification ${payment.gatewayPaymentId} for ${payment.reference} was rejected by settlement`,
      );
  } catch (error) {
    console.warn(
      `Ozow notification for ${form.TransactionReference ?? '(no reference)'} not booked:`,
      error instanceof Error ? error.message : error,
    );
  }
}

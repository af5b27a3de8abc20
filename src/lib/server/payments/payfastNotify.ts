import { applyVerifiedPayment } from '~/lib/server/donations/settlement';
import { verifyPayfastNotification } from './payfast';

/**
 * Verifies and books one PayFast ITN. The notify endpoint has already answered 200 (PayFast
 * wants that at once and retries otherwise), so this never throws: a notification that fails
 * verification is only logged, and never stored under PayFast's payment id, so a forgery
 * cannot take the place of the genuine notification.
 */
export async function handlePayfastNotification(
  rawBody: string,
  sourceAddress: string | null,
): Promise<void> {
  try {
    const params = new URLSearchParams(rawBody);
    const verified = await verifyPayfastNotification(params, sourceAddress);
    const id = params.get('pf_payment_id') ?? '?';
    const reference = params.get('m_payment_id') ?? '?';
    if (!verified.ok) {
      console.warn(`PayFast ITN ${id} for ${reference} ignored: ${verified.reason}`);
      return;
    }
    const result = await applyVerifiedPayment(verified.payment);
    if (result === 'rejected')
      console.warn(`PayFast ITN ${id} for ${reference} rejected (kept with its error)`);
  } catch (error) {
    console.warn('PayFast ITN could not be processed:', error);
  }
}

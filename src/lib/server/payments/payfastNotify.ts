import { applyVerifiedPayment } from '~/lib/server/donations/settlement';
import { HttpError } from '~/lib/server/http/errors';
import { log } from '~/lib/server/platform/log';
import { metrics } from '~/lib/server/platform/metrics';
import { verifyPayfastNotification } from './payfast';

/**
 * Verifies and books one PayFast ITN before the notify endpoint answers, so a 200 means booked
 * (or refused for good): a server that stops or crashes after answering cannot lose it. A
 * notification that fails verification is only logged and answered 200 (PayFast would otherwise
 * send a forgery again), and never stored under PayFast's payment id, so a forgery cannot take
 * the place of the genuine notification. When it could not be confirmed with PayFast, or booking
 * failed, this throws: the answer is not a 200 and PayFast sends the ITN again.
 */
export async function handlePayfastNotification(
  rawBody: string,
  sourceAddress: string | null,
): Promise<void> {
  const params = new URLSearchParams(rawBody);
  const verified = await verifyPayfastNotification(params, sourceAddress);
  const id = params.get('pf_payment_id') ?? '?';
  const reference = params.get('m_payment_id') ?? '?';
  if (!verified.ok) {
    metrics.paymentNotifications.inc({
      gateway: 'payfast',
      outcome: verified.retry ? 'unconfirmed' : 'invalid',
    });
    log.warn(
      { area: 'payments', gateway: 'payfast', pfPaymentId: id, reference, reason: verified.reason },
      'PayFast ITN ignored',
    );
    if (verified.retry) throw new HttpError(503, 'The notification could not be confirmed; send it again.');
    return;
  }
  const result = await applyVerifiedPayment(verified.payment);
  if (result === 'rejected')
    log.warn(
      { area: 'payments', gateway: 'payfast', pfPaymentId: id, reference },
      'PayFast ITN rejected by settlement (kept with its error)',
    );
}

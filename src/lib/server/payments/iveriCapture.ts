import { applyVerifiedPayment } from '~/lib/server/donations/settlement';
import { log } from '~/lib/server/platform/log';
import {
  IveriQueryUnavailableError,
  type IveriStatusFamily,
  iveriPaymentOf,
  iveriStatusFamily,
  liteField,
  queryIveriTransaction,
} from './iveri';

/** What the payment-capture page tells the donor. */
export interface IveriCaptureResult {
  family: IveriStatusFamily;
  /** Booked now or before (iVeri's record says paid). */
  booked: boolean;
}

/**
 * One return from iVeri Lite at the payment-capture page (posted or in the query). The browser's
 * fields only name the trace: the status shown and anything booked come from iVeri's Query
 * Transaction Status. Booking is idempotent (the transaction index is iVeri's payment id), so a
 * replayed or reloaded return books nothing more. When iVeri cannot be asked, nothing is booked
 * and the donor is told to try later.
 */
export async function captureIveriReturn(fields: Record<string, string>): Promise<IveriCaptureResult> {
  const trace = liteField(fields, 'Lite_Merchant_Trace');
  if (!trace) return { family: 'formError', booked: false };
  try {
    const record = await queryIveriTransaction(trace);
    const payment = iveriPaymentOf(record, trace);
    if (!payment) {
      const family = record && record.trace === trace ? iveriStatusFamily(record.status) : 'tryLater';
      // Status 0 without a transaction index or amount proves nothing: try later.
      return { family: family === 'success' ? 'tryLater' : family, booked: false };
    }
    const result = await applyVerifiedPayment(payment);
    if (result === 'rejected')
      log.warn(
        { area: 'payments', gateway: 'iveri', gatewayPaymentId: payment.gatewayPaymentId, trace },
        'iVeri payment rejected by settlement',
      );
    const booked = payment.outcome === 'paid' && result !== 'rejected';
    return { family: booked ? 'success' : 'declined', booked };
  } catch (error) {
    if (!(error instanceof IveriQueryUnavailableError)) throw error;
    log.warn({ area: 'payments', gateway: 'iveri', trace, err: error }, 'iVeri return not confirmed');
    return { family: 'tryLater', booked: false };
  }
}

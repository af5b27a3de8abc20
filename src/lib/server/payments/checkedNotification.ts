import { applyVerifiedPayment } from '~/lib/server/donations/settlement';
import { HttpError } from '~/lib/server/http/errors';
import { log } from '~/lib/server/platform/log';
import { metrics } from '~/lib/server/platform/metrics';
import type { VerifiedPayment } from './types';

/** A gateway whose notifications are checked against its own record before they are booked. */
export interface CheckedGateway {
  gateway: 'ozow' | 'snapscan';
  /** What the gateway's call is named in the log ('Ozow notification', 'SnapScan webhook'). */
  name: string;
  /** The 503's message when the gateway's record could not be read. */
  retryMessage: string;
  /** The verifier's error when the gateway's record could not be read (ask for a retry). */
  Unavailable: abstract new (
    ...args: never[]
  ) => Error;
  /** The verifier's error for a forged or altered call (ignored, answered 200). */
  Invalid: abstract new (
    ...args: never[]
  ) => Error;
  /** What the log line says of the call besides the error (its reference, when it has one). */
  logged?: Record<string, unknown>;
}

/**
 * Verifies and books one notification before the endpoint answers, so a 200 means booked: a server
 * that stops after answering cannot lose it. A forged or altered call is never booked, nor stored
 * under the gateway's id, and is answered 200 (it is not worth a retry). When the gateway's own
 * record could not be read, or booking fails, this throws, so the answer is a 5xx and the gateway
 * sends it again.
 */
export async function bookCheckedNotification(
  kind: CheckedGateway,
  verify: () => Promise<VerifiedPayment | null>,
): Promise<void> {
  const { gateway, name } = kind;
  const payment = await verify().catch((error: unknown) => {
    if (error instanceof kind.Unavailable) {
      metrics.paymentNotifications.inc({ gateway, outcome: 'unconfirmed' });
      log.warn(
        { area: 'payments', gateway, ...kind.logged, err: error },
        `${name} not checked: asking for a retry`,
      );
      throw new HttpError(503, kind.retryMessage, null, 'unavailable', { 'retry-after': '60' });
    }
    if (!(error instanceof kind.Invalid)) throw error;
    metrics.paymentNotifications.inc({ gateway, outcome: 'invalid' });
    log.warn({ area: 'payments', gateway, ...kind.logged, err: error }, `${name} ignored`);
    return null;
  });
  if (!payment) return;
  const result = await applyVerifiedPayment(payment);
  if (result === 'rejected')
    log.warn(
      { area: 'payments', gateway, gatewayPaymentId: payment.gatewayPaymentId, reference: payment.reference },
      `${name} rejected by settlement`,
    );
}

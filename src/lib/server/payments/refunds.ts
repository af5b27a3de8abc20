import { PaymentGateway } from '~/lib/enums';
import { refundAtOzow, refundAtPayfast, refundAtPaypal, refundAtSnapscan } from './gatewayRefunds';
import type { GatewayRefundRequest, GatewayRefundResult } from './types';

/**
 * Whether a payment can go back through its gateway's refund call: the gateway has one we use, and we
 * hold the gateway's id of the payment (a donation imported or seeded without one is refunded by bank).
 */
export function refundableAtGateway(payment: {
  paymentMethod: number;
  gatewayPaymentId: string | null;
}): boolean {
  return payment.gatewayPaymentId !== null && hasRefundCall(payment.paymentMethod as PaymentGateway);
}

/** Whether the gateway behind a payment method has a refund call we use (else staff refund by bank). */
export function hasRefundCall(method: PaymentGateway): boolean {
  return (
    method === PaymentGateway.PayFast ||
    method === PaymentGateway.Recurring ||
    method === PaymentGateway.InstantEFT ||
    method === PaymentGateway.PayPal ||
    method === PaymentGateway.PayPalCard ||
    method === PaymentGateway.SnapScan
  );
}

/**
 * Asks the gateway behind `request.paymentMethod` to refund (docs/api/refunds.md lists each call and
 * cites the provider's documentation). EFT, iVeri Lite (no refund call in the Lite protocol) and
 * Paysoft debit orders answer `manual`: staff pay back by bank and record the reference.
 */
export async function refundPayment(request: GatewayRefundRequest): Promise<GatewayRefundResult> {
  switch (request.paymentMethod) {
    case PaymentGateway.PayFast:
    case PaymentGateway.Recurring:
      return refundAtPayfast(request);
    case PaymentGateway.InstantEFT:
      return refundAtOzow(request);
    case PaymentGateway.PayPal:
    case PaymentGateway.PayPalCard:
      return refundAtPaypal(request);
    case PaymentGateway.SnapScan:
      return refundAtSnapscan(request);
    default:
      return { kind: 'manual' };
  }
}

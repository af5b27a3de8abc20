import { PaymentGateway } from '~/lib/enums';
import type { GatewayRefundRequest, GatewayRefundResult } from './types';

/**
 * Asks the gateway behind `request.paymentMethod` to refund (docs/api/refunds.md lists each call and
 * cites the provider's documentation). Gateways without a refund call answer `manual`.
 */
export async function refundPayment(request: GatewayRefundRequest): Promise<GatewayRefundResult> {
  switch (request.paymentMethod) {
    case PaymentGateway.EFT:
      return { kind: 'manual' };
    default:
      return { kind: 'manual' };
  }
}

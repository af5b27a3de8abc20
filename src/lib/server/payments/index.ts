import { PaymentGateway } from '~/lib/enums';
import { startEftPayment } from './eft';
import { startIveriPayment } from './iveri';
import { startOzowPayment } from './ozow';
import { startPayfastPayment } from './payfast';
import { startPaypalPayment } from './paypal';
import { startSnapscanPayment } from './snapscan';
import type { PaymentRequest, PaymentStart } from './types';

/** Starts a payment with the gateway behind `method` (see availablePaymentMethods for which are offered). */
export async function startPayment(method: PaymentGateway, request: PaymentRequest): Promise<PaymentStart> {
  switch (method) {
    case PaymentGateway.PayFast:
      return startPayfastPayment(request);
    case PaymentGateway.InstantEFT:
      return startOzowPayment(request);
    case PaymentGateway.PayPal:
      return startPaypalPayment(request);
    case PaymentGateway.PayPalCard:
      return startPaypalPayment(request, 'GUEST_CHECKOUT');
    case PaymentGateway.IVeri:
      return startIveriPayment(request);
    case PaymentGateway.SnapScan:
      return startSnapscanPayment(request);
    case PaymentGateway.EFT:
      return startEftPayment(request);
    default:
      throw new Error(`No adapter for payment method ${method}`);
  }
}

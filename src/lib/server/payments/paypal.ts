import type { PaymentRequest, PaymentStart } from './types';

// Scaffold: replaced by the paypal adapter (issue 5, in progress).
export async function startPaypalPayment(_request: PaymentRequest): Promise<PaymentStart> {
  throw new Error('paypal adapter not written yet');
}

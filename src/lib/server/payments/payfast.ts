import type { PaymentRequest, PaymentStart } from './types';

// Scaffold: replaced by the payfast adapter (issue 5, in progress).
export async function startPayfastPayment(_request: PaymentRequest): Promise<PaymentStart> {
  throw new Error('payfast adapter not written yet');
}

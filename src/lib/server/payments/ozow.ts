import type { PaymentRequest, PaymentStart } from './types';

// Scaffold: replaced by the ozow adapter (issue 5, in progress).
export async function startOzowPayment(_request: PaymentRequest): Promise<PaymentStart> {
  throw new Error('ozow adapter not written yet');
}

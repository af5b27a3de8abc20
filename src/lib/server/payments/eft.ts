import { env } from '~/lib/server/platform/env';
import type { PaymentRequest, PaymentStart } from './types';

/** The platform's account an EFT donor pays into, with our reference as the payment reference. */
export interface EftBankingDetails {
  bankName: string;
  accountNumber: string;
  branchNumber: string;
  accountName: string;
}

export function eftBankingDetails(): EftBankingDetails {
  const { bankName, accountNumber, branchNumber, accountName } = env.payments.eft;
  return { bankName, accountNumber, branchNumber, accountName };
}

/** A bank transfer needs no gateway: the donor pays with the reference and an admin marks it received. */
export async function startEftPayment(_request: PaymentRequest): Promise<PaymentStart> {
  return { kind: 'eft' };
}

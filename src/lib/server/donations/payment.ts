import type { Currency, PaymentGateway } from '~/lib/enums';
import { m } from '~/lib/i18n';
import { HttpError } from '~/lib/server/http/errors';
import { startPayment } from '~/lib/server/payments';
import type { PaymentDonor, PaymentStart, RecurringTerms } from '~/lib/server/payments/types';
import { log } from '~/lib/server/platform/log';
import type { DonationCampaign } from './rules';
import { returnUrls } from './rules';

/** Starting a stored donation's payment at its gateway, for once-off and monthly donations alike. */

export const PAYMENT_START_MESSAGES = {
  notStarted: 'The payment could not be started. Please try again.',
} as const;

/** PAYMENT_START_MESSAGES.notStarted in the request's language (issue 27). */
export const paymentNotStartedMessage = (): string => m.donation_payment_not_started();

export interface DonationPaymentInput {
  method: PaymentGateway;
  /** The stored donation (or recurring donation): our reference, its currency and the donor. */
  row: PaymentDonor & { reference: string; currencyId: number; referralChannel?: string | null };
  campaign: Pick<DonationCampaign, 'name' | 'url'>;
  /** The donor's token, which the gateway's return and cancel links carry back to /thanks and the form. */
  token: string;
  /** What is charged now, in cents. */
  amountCents: number;
  recurring?: RecurringTerms;
  /** Marks the row failed (Rejected, a recurring one Error), so a payment that never began does not wait as Pending. */
  markNotStarted: () => Promise<unknown>;
}

/**
 * Asks the gateway to start the payment. When it cannot (unreachable or
 * refusing), the row is marked failed, the cause is logged for the operator and
 * the donor gets the contract's 502: they can start again.
 */
export async function startDonationPayment(input: DonationPaymentInput): Promise<PaymentStart> {
  const { row } = input;
  try {
    return await startPayment(input.method, {
      reference: row.reference,
      amountCents: input.amountCents,
      currencyId: row.currencyId as Currency,
      itemName: input.campaign.name,
      donor: {
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        mobileNumber: row.mobileNumber,
      },
      ...returnUrls(input.campaign, input.token, row.referralChannel ?? null),
      ...(input.recurring ? { recurring: input.recurring } : {}),
    });
  } catch (error) {
    await input.markNotStarted();
    log.error(
      { area: 'donations', reference: row.reference, method: input.method, err: error },
      'Payment not started',
    );
    throw new HttpError(502, paymentNotStartedMessage(), null, 'payment_unavailable');
  }
}

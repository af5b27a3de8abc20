import { CampaignStatus, Currency } from '~/lib/enums';
import { PAYOUT_MESSAGES } from '~/lib/schemas/payout';

/**
 * The minimum payout the fees page promises (src/content/pages/fees-and-payouts.md): "R 100 (or
 * US $ 10), unless you are closing the campaign and withdrawing what is left." One rule for
 * the server (POST /payouts/, POST /payouts/bluetick-payout) and the payout forms.
 */

/** The smallest payout, in cents of the payout's currency. */
export const MINIMUM_PAYOUT_CENTS: Readonly<Record<number, number>> = {
  [Currency.Rand]: 10_000,
  [Currency.Dollar]: 1_000,
};

const MINIMUM_MESSAGES: Readonly<Record<number, string>> = {
  [Currency.Rand]: PAYOUT_MESSAGES.minimumRand,
  [Currency.Dollar]: PAYOUT_MESSAGES.minimumDollar,
};

/** What a payout draws from one campaign, in cents of the campaign's currency. */
export interface PayoutDraw {
  cents: number;
  /** The campaign's funds available before this payout. */
  availableCents: number;
  /** The campaign's effective status (CampaignStatus: an active campaign past its end date is Expired). */
  status: number;
}

const isEnded = (status: number): boolean =>
  status === CampaignStatus.Closed || status === CampaignStatus.Expired;

/** Whether the payout withdraws everything left of campaigns that are closed or expired (each one drawn in full). */
export function isClosingWithdrawal(draws: readonly PayoutDraw[]): boolean {
  const drawn = draws.filter((d) => d.cents > 0);
  return drawn.length > 0 && drawn.every((d) => isEnded(d.status) && d.cents === d.availableCents);
}

/**
 * The message when a payout's total is below the minimum of its currency and it is not the
 * closing withdrawal of ended campaigns; null when the payout may be requested.
 */
export function minimumPayoutProblem(currencyId: number, draws: readonly PayoutDraw[]): string | null {
  const minimum = MINIMUM_PAYOUT_CENTS[currencyId] ?? MINIMUM_PAYOUT_CENTS[Currency.Rand] ?? 0;
  const total = draws.reduce((sum, d) => sum + Math.max(d.cents, 0), 0);
  if (total === 0 || total >= minimum || isClosingWithdrawal(draws)) return null;
  return MINIMUM_MESSAGES[currencyId] ?? PAYOUT_MESSAGES.minimumRand;
}

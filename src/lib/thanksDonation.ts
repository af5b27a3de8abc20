import type { DonationBankingDetails } from './contracts/donations';
import { recurringAsDonationStatus } from './donationDisplay';
import { Currency } from './enums';

/**
 * What the /thanks page needs of a donation, picked from the donation view
 * (server-side for the first paint, then from `GET /donations/list/{token}`
 * while the island polls), so the page carries no more of the donor's data
 * than it shows. Shared by the page, its island and src/lib/server/donations/thanksView.ts.
 */
export interface ThanksDonation {
  /** DonationStatus (a monthly donation's status is mapped onto it). */
  status: number;
  paymentMethod: number;
  email: string;
  amount: number;
  tipOrAdminFeeAmount: number;
  adminFeeCovered: boolean;
  /** What the donor pays now, in all. */
  total: number;
  currency: { symbol: string };
  referenceNumber: string | null;
  bankingDetails: DonationBankingDetails | null;
  campaign: { name: string; url: string; thankYouMessage: string | null };
  /**
   * A monthly donation's schedule (RecurringDay, RecurringDuration) and its next deduction
   * (YYYY-MM-DD, South African; null once none is due); null for a once-off donation.
   */
  monthly: { deductionDay: number; term: number; nextDeductionDate: string | null } | null;
}

/** What thanksDonationOf reads: the server's donation detail and the API's answer both fit. */
export interface DonationViewInput {
  status: number;
  paymentMethod: number;
  /** Null only in a campaign team's view, which /thanks never reads (it holds the donor's token). */
  email: string | null;
  amount: number;
  tipOrAdminFeeAmount: number;
  currencyId: number;
  total?: number | null;
  transactionInfo: {
    amount: number;
    bankingDetails: DonationBankingDetails | null;
    referenceNumber: string | null;
    adminFeeCovered: boolean;
    currency: { symbol: string };
  } | null;
  campaign: { name: string; url: string; thankYouMessage: string | null };
}

/** The /thanks fields of a once-off donation's view. */
export function thanksDonationOf(view: DonationViewInput): ThanksDonation {
  const info = view.transactionInfo;
  return {
    status: view.status,
    paymentMethod: view.paymentMethod,
    email: view.email ?? '',
    amount: view.amount,
    tipOrAdminFeeAmount: view.tipOrAdminFeeAmount,
    adminFeeCovered: info?.adminFeeCovered ?? false,
    total: info?.amount ?? view.total ?? view.amount + view.tipOrAdminFeeAmount,
    currency: { symbol: info?.currency.symbol ?? (view.currencyId === Currency.Dollar ? '$' : 'R') },
    referenceNumber: info?.referenceNumber ?? null,
    bankingDetails: info?.bankingDetails ?? null,
    campaign: {
      name: view.campaign.name,
      url: view.campaign.url,
      thankYouMessage: view.campaign.thankYouMessage,
    },
    monthly: null,
  };
}

/**
 * A monthly donation's /thanks fields after its schedule is read again
 * (`GET /donationsscheduler/{token}`): the status moves as the first charge
 * settles (worded as a donation's, like the page's first paint), and its next
 * deduction with it; what the first charge costs stays as shown.
 */
export function withRecurringStatus(
  shown: ThanksDonation,
  recurrence: { status: number; nextDeductionDate: string | null },
): ThanksDonation {
  return {
    ...shown,
    status: recurringAsDonationStatus(recurrence.status),
    monthly: shown.monthly && { ...shown.monthly, nextDeductionDate: recurrence.nextDeductionDate },
  };
}

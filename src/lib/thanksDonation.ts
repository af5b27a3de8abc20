import type {
  DonationBankingDetails,
  DonationCurrency,
  DonationDetail,
  DonationDetailCampaign,
  Recurrence,
} from './contracts/donations';
import { recurringAsDonationStatus } from './donationDisplay';

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
  currency: Pick<DonationCurrency, 'symbol'>;
  referenceNumber: string | null;
  bankingDetails: DonationBankingDetails | null;
  campaign: Pick<DonationDetailCampaign, 'name' | 'url' | 'thankYouMessage'>;
  /**
   * A monthly donation's schedule (RecurringDay, RecurringDuration) and its next deduction
   * (YYYY-MM-DD, South African; null once none is due); null for a once-off donation.
   */
  monthly: { deductionDay: number; term: number; nextDeductionDate: string | null } | null;
}

/** What thanksDonationOf reads of the donation detail (`GET /donations/list/{token}`, as the server's first paint reads it too). */
export type ThanksSource = Pick<
  DonationDetail,
  'status' | 'paymentMethod' | 'email' | 'amount' | 'tipOrAdminFeeAmount' | 'transactionInfo' | 'campaign'
>;

/** The /thanks fields of a once-off donation's detail. */
export function thanksDonationOf(view: ThanksSource): ThanksDonation {
  const info = view.transactionInfo;
  return {
    status: view.status,
    paymentMethod: view.paymentMethod,
    // Null only in a campaign team's view, which /thanks never reads (it holds the donor's token).
    email: view.email ?? '',
    amount: view.amount,
    tipOrAdminFeeAmount: view.tipOrAdminFeeAmount,
    adminFeeCovered: info.adminFeeCovered,
    total: info.amount,
    currency: { symbol: info.currency.symbol },
    referenceNumber: info.referenceNumber,
    bankingDetails: info.bankingDetails,
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
  recurrence: Pick<Recurrence, 'status' | 'nextDeductionDate'>,
): ThanksDonation {
  return {
    ...shown,
    status: recurringAsDonationStatus(recurrence.status),
    monthly: shown.monthly && { ...shown.monthly, nextDeductionDate: recurrence.nextDeductionDate },
  };
}

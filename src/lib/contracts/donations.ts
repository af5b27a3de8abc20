import type { Page } from './common';
import type { DonationReceiptState } from './receipts';

/**
 * The donation wire shapes of docs/api/donations.md, declared once: the server
 * views build them, the browser client reads them and the API tests assert on
 * them, so a field changed here breaks all three at compile time. Types only
 * (no server or browser imports), so any side may import it.
 */

export interface DonationCurrency {
  id: number;
  name: string;
  ticker: string;
  symbol: string;
  locale: string;
}

/** Where an EFT donor pays (EFT only). */
export interface DonationBankingDetails {
  bankName: string;
  accountNumber: string;
  branchNumber: string;
  accountName: string;
}

/** A form the browser posts to the gateway (PayFast, Ozow), fields in the gateway's order. */
export interface PaymentForm {
  action: string;
  fields: Record<string, string>;
}

export interface PayPalOrder {
  /** Null until PayPal has made the order. */
  orderId: string | null;
  clientToken: null;
  accessToken: null;
  /** Our reference. */
  trackingId: string;
  idToken: null;
}

/** How the donor pays: a form to post, a page to go to, or bank details (SPEC §3 transactionInfo). */
export interface TransactionInfo {
  /** The payment method (PaymentGateway). */
  type: number;
  bankingDetails: DonationBankingDetails | null;
  /** The donation's status (DonationStatus). */
  status: number;
  /** The total to pay: amount + tip or fee. */
  amount: number;
  paymentUrl: string | null;
  paymentForm: PaymentForm | null;
  /** SnapScan: `paymentUrl` as a QR code to scan from another screen (an SVG `data:` URL), else null. */
  paymentQr: string | null;
  payPalOrder: PayPalOrder | null;
  currency: DonationCurrency;
  /** Our reference: the EFT reference, the gateway's merchant reference. */
  referenceNumber: string;
  payfastResponse: null;
  adminFeeCovered: boolean;
}

/** SPEC §3 donation, as the donation calls answer it (the SPEC's recurring fields are always null here). */
export interface Donation {
  id: string;
  /** The donor's receipt token: holding it is the donor's authority over this donation. */
  jwtTokenStringDonationId: string;
  /** DonationType: 0 once-off, 1 a charge of a recurring donation. */
  type: number;
  currencyId: number;
  amount: number;
  tipOrAdminFeeAmount: number;
  total: number;
  term: null;
  deductionDate: null;
  paymentMethod: number;
  firstName: string;
  lastName: string;
  email: string;
  mobileNumber: string | null;
  anonymous: boolean;
  displayName: string | null;
  comment: string | null;
  campaignId: string;
  campaignUrl: string;
  campaignName: string;
  onceOffAmount: null;
  donationSchedulerStatus: null;
  /** DonationStatus. */
  status: number;
  userId: string | null;
  orderId: string | null;
  cardConsent: boolean;
  createdAt: string;
  settledAt: string | null;
  transactionInfo: TransactionInfo;
}

/** Which campaign a donation or schedule is for, as the lists name it. */
export interface DonationCampaignRef {
  id: string;
  name: string;
  url: string;
}

/** The campaign `GET /donations/list/{id}` adds to the donation. */
export interface DonationDetailCampaign extends DonationCampaignRef {
  thankYouMessage: string | null;
  currency: DonationCurrency;
}

/**
 * `GET /donations/list/{id}`: the donation and its campaign. The token is the
 * donor's lasting authority over the donation, so only the donor gets it: a
 * campaign editor or an admin reading by id sees null.
 */
export interface DonationDetail
  extends Omit<Donation, 'jwtTokenStringDonationId' | 'email' | 'mobileNumber'> {
  jwtTokenStringDonationId: string | null;
  /** The donor's address and phone: null for the campaign's team and organisation (POPIA), kept for the donor and staff. */
  email: string | null;
  mobileNumber: string | null;
  campaign: DonationDetailCampaign;
}

/**
 * A donation of My Donations: a once-off one (`GET /donations/user/once-off`) or a monthly
 * donation's charge (`GET /donationsscheduler/{id}/charges`).
 */
export interface UserDonation extends Donation {
  campaign: DonationCampaignRef;
  /** Whether it can have a Section 18A receipt, and the receipt when issued (docs/api/receipts.md). */
  receipt: DonationReceiptState;
  /** What the refund ledger gave back of it (docs/api/refunds.md); null when nothing. */
  refunded: DonationRefunded | null;
}

/** What went back to the donor: refunds and lost disputes, less disputes won back, in the donation's currency. */
export interface DonationRefunded {
  /** Of the gift. */
  amount: number;
  /** Of the tip or covered fee (returned with a whole refund). */
  tipAmount: number;
  /** Nothing of the gift remains: "Refunded"; else "Partly refunded". */
  whole: boolean;
}

/** `GET /donations/user/once-off`: a page of My Donations' once-off list. */
export type OnceOffPage = Page<{ donation: UserDonation }>;

/** `GET /donationsscheduler/{id}/charges`: a page of a monthly donation's charges, newest first. */
export type RecurringChargesPage = Page<{ donation: UserDonation }>;

/** A recurring donation's schedule (docs/api/donations.md `Recurrence`). */
export interface Recurrence {
  donationSchedulerId: string;
  campaign: DonationCampaignRef;
  currency: DonationCurrency;
  amount: number;
  tipOrAdminFeeAmount: number;
  /** Added to the first charge only; 0 when none. */
  onceOffAmount: number;
  /** RecurringDuration. */
  term: number;
  /** The RecurringDay (0 1st, 1 15th, 2 25th). */
  deductionDate: number;
  /** RecurringStatus. */
  status: number;
  nextDeductionDate: string | null;
  deductionsMade: number;
  /** Charges in all, the first included; null = until cancelled. */
  cycles: number | null;
  paymentMethod: number;
  createdAt: string;
  cancelledAt: string | null;
  /** A Paysoft debit order's mandate (payment method 7), the account masked; null for a card. */
  debitOrder: DebitOrderView | null;
}

/** The debit order mandate as every view shows it: never the full account or ID number. */
export interface DebitOrderView {
  bankName: string;
  branchCode: string;
  /** AccountType: Savings 0, Cheque 1, Business 2. */
  accountType: number;
  accountHolderName: string;
  /** '••••••7890'. */
  accountNumber: string;
  /** The mandate's words as the donor accepted them, and when. */
  mandateText: string;
  acceptedAt: string;
  /** Unpaid months in a row; the debit order stops at 3. */
  consecutiveFailures: number;
}

/** `GET /donations/user/recurring`: a page of My Donations' recurring list. */
export type RecurringPage = Page<{ donationScheduler: { recurrence: Recurrence } }>;

/** A schedule with its scheduler token (`GET /donationsscheduler/{id}`). */
export interface RecurrenceDetail extends Recurrence {
  jwtTokenStringDonationId: string;
}

/** What `POST /donationsscheduler` answers: the schedule, its token and the PayFast subscription form. */
export interface CreatedRecurrence extends RecurrenceDetail {
  transactionInfo: TransactionInfo;
}

/** A campaign's accepted donation as anyone may see it. Email, mobile and user id are never public. */
export interface PublicDonation {
  id: string;
  /** 'Anonymous', else the display name, else 'Thabo M.' (publicDonorName). */
  name: string;
  anonymous: boolean;
  amount: number;
  currency: { symbol: string; ticker: string };
  /** The amount in the campaign's currency (what counts towards its total). */
  campaignAmount: number;
  comment: string | null;
  createdAt: string;
}

/** What the campaign page lists beside the story; `displayName` is the public name, `amount` in the campaign's currency. */
export interface CampaignPageDonation {
  id: string;
  displayName: string;
  anonymous: boolean;
  amount: number;
  comment: string | null;
  createdAt: string;
}

/**
 * One counted donation as the campaign's team and organisation see it (docs/api/donations.md,
 * "Who gave"): never the donor's email or phone. Amounts in the campaign's currency, as the
 * ledger counts them: `amount` is what the campaign received, `feeAmount` the platform's fee
 * kept from it, `netAmount` the rest.
 */
export interface OwnerDonation {
  id: string;
  createdAt: string;
  /** The public display name, or 'Anonymous'. */
  donorName: string;
  comment: string | null;
  amount: number;
  currency: { symbol: string; ticker: string };
  /** Admin fee kept, on what remains after refunds (payouts/funds.ts DONATION_FEE). */
  feeAmount: number;
  /** What the refund ledger took back of the gift (0 when nothing), in the campaign's currency. */
  refundedAmount: number;
  /** amount − refundedAmount − feeAmount. */
  netAmount: number;
  /** DonationStatus (always Accepted: only counted donations are listed). */
  status: number;
  /** PaymentGateway. */
  paymentMethod: number;
  reference: string;
  /** A charge of a monthly donation. */
  recurring: boolean;
  /** The organisation's list names each donation's campaign; the campaign's list too, for one shape. */
  campaign: DonationCampaignRef;
}

/** The sums over every page, one entry per currency (an organisation may raise in rand and dollars). */
export interface OwnerDonationTotals {
  currency: { symbol: string; ticker: string };
  count: number;
  gross: number;
  /** Refunded of the gross (refunds and lost disputes, less disputes won back). */
  refunded: number;
  fees: number;
  /** gross − refunded − fees. */
  net: number;
}

/** `GET /campaigns/{id}/donations` and `GET /organizations/{id}/donations`. */
export interface OwnerDonationPage extends Page<OwnerDonation> {
  totals: OwnerDonationTotals[];
}

/** `POST /campaigns/{id}/donations/thank`: how many donors were mailed and how many were skipped. */
export interface ThankDonorsResult {
  sent: number;
  /** Donors who opted out of thank-you messages from this campaign, or whose mail was not sent. */
  skipped: number;
}

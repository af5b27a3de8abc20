import type { RecurringDonationInput, SingleDonationInput } from '~/lib/schemas/donation';
import { api, type Envelope, publicApi } from './index';

/**
 * Typed calls of the donations contract (docs/api/donations.md) for the
 * donation form. They resolve to the success envelope and reject with the
 * clients' errors (SPEC §8 rules already applied by src/lib/api/client.ts).
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
  orderId: string;
  clientToken: null;
  accessToken: null;
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
  /** The total to pay. */
  amount: number;
  paymentUrl: string | null;
  paymentForm: PaymentForm | null;
  payPalOrder: PayPalOrder | null;
  currency: DonationCurrency;
  /** Our reference: the EFT reference, the gateway's merchant reference. */
  referenceNumber: string;
  payfastResponse: null;
  adminFeeCovered: boolean;
}

/** SPEC §3 donation, as the donation calls answer it. */
export interface Donation {
  id: string;
  /** The donor's receipt token: holding it is the donor's authority over this donation. */
  jwtTokenStringDonationId: string;
  type: number;
  currencyId: number;
  amount: number;
  tipOrAdminFeeAmount: number;
  total: number;
  term: number | null;
  deductionDate: number | null;
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
  onceOffAmount: number | null;
  donationSchedulerStatus: number | null;
  status: number;
  userId: string | null;
  orderId: string | null;
  cardConsent: boolean | null;
  createdAt: string;
  settledAt: string | null;
  transactionInfo: TransactionInfo;
}

/** A recurring donation's schedule (docs/api/donations.md `Recurrence`). */
export interface Recurrence {
  donationSchedulerId: string;
  campaign: { id: string; name: string; url: string };
  currency: DonationCurrency;
  amount: number;
  tipOrAdminFeeAmount: number;
  onceOffAmount: number | null;
  term: number;
  deductionDate: number;
  /** RecurringStatus. */
  status: number;
  nextDeductionDate: string | null;
  deductionsMade: number;
  /** Charges in all; null until cancelled. */
  cycles: number | null;
  paymentMethod: number;
  createdAt: string;
  cancelledAt: string | null;
}

/** What `POST /donationsscheduler` answers: the schedule, its token and the PayFast subscription form. */
export interface CreatedRecurrence extends Recurrence {
  jwtTokenStringDonationId: string;
  transactionInfo: TransactionInfo;
}

/** Which campaign a donation is for: its id or its url. */
export type CampaignRef = { campaignId: string } | { campaignUrl: string };

export type DonationRequest = SingleDonationInput & CampaignRef;
export type RecurringDonationRequest = RecurringDonationInput & CampaignRef;

/** What a donor may change on their own pending donation (status 3: they left the gateway). */
export interface DonationPatch {
  status?: 3;
  comment?: string;
  displayName?: string;
  anonymous?: boolean;
}

const tokenPath = (token: string): string => encodeURIComponent(token);

/** `POST /donations/logged-in`: a signed-in donor (no captcha). */
export const createSignedInDonation = (body: DonationRequest): Promise<Envelope<Donation>> =>
  api.post('donations/logged-in', { json: body }).json();

/** `POST /donations`: a visitor; `recaptchaToken` carries the captcha's answer. */
export const createVisitorDonation = (body: DonationRequest): Promise<Envelope<Donation>> =>
  publicApi.post('donations', { json: body }).json();

/** `POST /donationsscheduler`: with the bearer when signed in, else a visitor with the captcha. */
export const createDonationSchedule = (
  body: RecurringDonationRequest,
  signedIn: boolean,
): Promise<Envelope<CreatedRecurrence>> =>
  (signedIn ? api : publicApi).post('donationsscheduler', { json: body }).json();

/** `PATCH /donations/{token}`: the token holder cancels or annotates their pending donation. */
export const updateDonation = (token: string, patch: DonationPatch): Promise<Envelope<Donation>> =>
  publicApi.patch(`donations/${tokenPath(token)}`, { json: patch }).json();

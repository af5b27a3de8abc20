import type { Page } from './common';
import type { CurrencyInfo } from './lookups';

/** The payout wire shapes of docs/api/payouts.md, declared once for the server and the browser. Types only. */

/**
 * `GET /campaigns/{id}/funding` and `GET /campaigns/funding/{id}` (SPEC §3 "Individual campaign
 * funding info"). Amounts in the campaign's own currency.
 */
export interface CampaignFundingInfo {
  id: string;
  name: string;
  url: string;
  fundingType: number;
  /** The campaign's status (CampaignStatus; past its end date reads Expired): a closed or expired campaign may withdraw what is left below the minimum payout. */
  status: number;
  currency: Pick<CurrencyInfo, 'id' | 'ticker' | 'symbol' | 'locale'>;
  /** Accepted donations on the platform (campaign currency). */
  totalFundsReceived: number;
  /** The platform's fees kept from those donations (docs/api/payouts.md, "Fees"). */
  feesTotal: number;
  /** totalFundsReceived − feesTotal − every payout not declined, never below 0. */
  totalFundsAvailable: number;
  /** Payouts marked paid, in rand (SPEC name). */
  payoutTotalRand: number;
  /** Payouts marked paid, in the campaign's currency. */
  payoutTotal: number;
  /** What the browser fills in when it asks for a payout; the server always answers 0. */
  payoutAmount: number;
  /** Whether staff accepted the banking details money would go to (see `bankingDetailStatus`). */
  bankingDetailStatus: number | null;
  organisationId: string | null;
  /** What the campaign owes after refunds made once its money was paid out (0 when nothing): payouts wait until it is settled. */
  owedAmount: number;
  /** Why staff hold this campaign's payouts (docs/api/payouts.md "Holds"), or null when they are not held. */
  payoutsHeldReason: string | null;
}

/** The organisation's funding info (SPEC §3 "Organisation funding info"); path in docs/api/payouts.md. */
export interface OrganisationFundingInfo {
  organisationId: string;
  legalName: string;
  campaignFundingInfo: CampaignFundingInfo[];
  /** Rand, each campaign's currency converted at USD_TO_ZAR_RATE. */
  campaignTotals: { totalAvailableForPayout: number; payoutTotal: number };
  bankingDetailStatus: number | null;
}

/** One payout request as its requester and staff read it. */
export interface PayoutView {
  id: string;
  /** ISO date-time the request was made (SPEC: "list items with date"). */
  date: string;
  status: number;
  amount: number;
  currency: Pick<CurrencyInfo, 'id' | 'ticker' | 'symbol' | 'locale'>;
  tipPercentage: number;
  tipAmount: number;
  payoutOption: string | null;
  description: string | null;
  notes: string | null;
  /** Why staff declined it, when they did. */
  reason: string | null;
  /** The bank reference staff entered when marking it paid. */
  reference: string | null;
  campaignId: string | null;
  organisationId: string | null;
  items: { campaignId: string; campaignName: string; amount: number }[];
}

/** `GET payouts/list/{id}?pageSize&pageNo` (SPEC §3 "Payouts"): 5 a page by default. */
export interface PayoutList {
  /** Paid out so far (the campaign's currency; rand for an organisation). */
  payoutsRaised: number;
  payouts: Page<PayoutView>;
}

/** What `POST /payouts/` and `POST /payouts/bluetick-payout` answer (SPEC §3 "Organisation payout response"). */
export interface PayoutCreated extends PayoutView {}

/** The JSON body of `POST /payouts/`: one entry is one campaign; several are an organisation's campaigns. */
export interface PayoutRequest {
  campaignFundingInfo: { id: string; payoutAmount: number }[];
  description: string;
  notes: string;
  /** Percent contributed to the platform (SPEC §9: 3 suggested for organisations). */
  tipPercentage: number;
}

/**
 * `?payoutOption=` of `POST /payouts/bluetick-payout` (SPEC §3 "Bluetick payout form"): pay the
 * supplier's invoice to the supplier's banking details sent with it (the default), or pay the
 * campaign's own banking details that staff accepted (docs/api/payouts.md).
 */
export type BluetickPayoutOption = 'invoice' | 'bankingDetails';

/**
 * The text fields of the `POST /payouts/bluetick-payout` form data (SPEC §3): `bankingDetails` is
 * JSON text; the invoice is the file field `blueTickPayoutDocument`.
 */
export interface BluetickPayoutFields {
  campaignId: string;
  payoutAmount: number;
  tipPercentage: number;
  description: string;
  notes: string;
  bankingDetails: {
    accountHolderName: string;
    accountHolderEmail: string;
    statementReference: string;
    idType: number | null;
    idNumber: string;
    accountNumber: string;
    bankName: string;
    bankNameAlt: string;
    bankCode: string;
    swiftCode: string;
    accountType: number | null;
    isInternational: boolean;
  };
}

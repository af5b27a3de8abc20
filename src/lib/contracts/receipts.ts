import type { Page, Pagination } from './common';

/**
 * Section 18A receipts (docs/api/receipts.md): what the donor's request answers, what /thanks
 * and My Donations show of a donation's receipt, and the organisation's list.
 */

/** A donation's receipt as its donor sees it. */
export interface DonorReceipt {
  /** 1, 2, 3… per organisation. */
  number: number;
  /** The number as printed: '000042'. */
  numberText: string;
  /** ISO 8601. */
  issuedAt: string;
  donorName: string;
  donorEmail: string;
  organisationName: string;
  amount: number;
  currencyId: number;
}

/** `POST /donations/{id}/receipt`: the receipt, and whether this request mailed it (only the one that issued it does). */
export interface ReceiptRequestResult {
  receipt: DonorReceipt;
  mailed: boolean;
}

/**
 * Whether a donation can have a Section 18A receipt (once it is accepted: the page checks its
 * status, which may still move), why not, and the receipt when one was issued.
 */
export interface DonationReceiptState {
  /** The campaign's organisation is an approved PBO that issues 18A receipts for it. */
  qualifies: boolean;
  /** Why it does not qualify; null when it does. */
  reason: string | null;
  /**
   * The campaign says donations to it are tax deductible (its setting, or its organisation's 18A
   * certificate): when it does not qualify all the same, the donor is told why.
   */
  offered: boolean;
  issued: Pick<DonorReceipt, 'number' | 'numberText'> | null;
}

/** One row of `GET /organizations/{id}/receipts`. */
export interface OrganisationReceipt {
  id: string;
  number: number;
  numberText: string;
  issuedAt: string;
  donatedAt: string;
  donorName: string;
  donorTaxNumber: string;
  donorAddress: string;
  donorEmail: string;
  amount: number;
  currencyId: number;
  campaignName: string;
  donationReference: string;
  /** A refund cancelled it (its number stays used); ISO 8601, else null. */
  cancelledAt: string | null;
  cancelReason: string | null;
  /** The cancelled receipt this one replaces after a partial refund, else null. */
  replacesReceiptId: string | null;
}

export interface OrganisationReceiptPage {
  items: OrganisationReceipt[];
  paginationMetadata: Pagination;
}

/** A yearly Section 18A certificate (docs/api/receipts.md, "Yearly certificates"). Amounts in rand. */
export interface YearlyCertificate {
  id: string;
  number: number;
  numberText: string;
  /** The year the tax year ends in (2027: 1 March 2026 to 28 February 2027). */
  taxYear: number;
  organisation: { id: string; name: string };
  donorName: string;
  donorEmail: string;
  /** What it certifies: the year's gifts less refunds, without those with their own receipt. */
  amount: number;
  /** Every gift of the year it lists; one with its own receipt counts 0 and names that receipt. */
  donations: {
    donationId: string;
    donatedAt: string;
    amount: number;
    singleReceiptNumber: number | null;
  }[];
  issuedAt: string;
  mailedAt: string | null;
  /** Where its PDF is fetched (with the bearer token). */
  pdfPath: string;
}

/** `POST /organizations/{id}/yearly-certificates`: what one action did for the tax year's donors. */
export interface YearlyIssueResult {
  taxYear: number;
  /** Newly issued (and mailed, `mailed` of them). */
  issued: number;
  mailed: number;
  /** Donors who already had theirs. */
  alreadyIssued: number;
  /** Donors with nothing left to certify: every gift refunded, or receipted singly. */
  skipped: number;
}

export type YearlyCertificatePage = Page<YearlyCertificate>;

import type { AdminQueueName } from './admin';

/**
 * `GET /api/v1/admin/queues/{queue}/{id}`: the evidence staff decide on (docs/api/admin.md).
 * Declared once: the review service builds it, the back office reads it. Types only.
 */

/** A fact as staff read it: 'PBO number' → '930012345'. */
export interface ReviewFact {
  label: string;
  value: string;
}

/** A person to contact about the item. */
export interface ReviewContact {
  /** e.g. 'Campaign owner', 'Main contact', 'Requested by'. */
  role: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/**
 * An uploaded document. `url` is `/api/v1/admin/documents/{fileId}`: admins only (a visitor
 * gets 401, anyone else 403), fetched with the admin's bearer token.
 */
export interface ReviewDocument {
  /** What it is: 'ID document', 'Legal document (NPO / registration certificate)', 'Proof of bank account'… */
  label: string;
  fileName: string;
  mimeType: string;
  /** Bytes. */
  size: number;
  url: string;
}

/** Banking details in full, as staff compare them with the documents. */
export interface ReviewBanking {
  id: string;
  /** BankingRequestStatus: Pending 0, Accepted 1, Rejected 2. */
  requestStatus: number;
  /** 'Pending', 'Accepted', 'Rejected'. */
  statusLabel: string;
  accountHolderName: string;
  accountHolderEmail: string | null;
  bankName: string | null;
  branchCode: string | null;
  swiftCode: string | null;
  accountNumber: string;
  accountType: string | null;
  idType: string | null;
  idNumber: string | null;
  isInternational: boolean;
  /** Whose account it is meant to be: the organisation's or campaign's name. */
  forName: string;
  submittedAt: string;
}

/** An earlier payout to the same account (same bank and account number). */
export interface ReviewEarlierPayout {
  id: string;
  amount: number;
  currencyTicker: string;
  /** PayoutStatus: Pending 0, Accepted 1, Declined 2, Paid 3. */
  status: number;
  statusLabel: string;
  /** The organisation or campaign it was for. */
  forName: string;
  createdAt: string;
  paidAt: string | null;
}

/** What a payout item adds: where the money goes, how much may go, and the account's history. */
export interface ReviewPayout {
  amount: number;
  currencyTicker: string;
  status: number;
  statusLabel: string;
  /** 'bankingDetails' (the owner's verified account) or 'invoice' (a supplier's account, Bluetick). */
  option: string | null;
  description: string | null;
  notes: string | null;
  /** What the paid campaigns still hold for payout beyond this and other open payouts, in the payout's currency. */
  fundsAvailable: number;
  /**
   * What a paid campaign owes after refunds made once its money was paid out (only those owing):
   * the payout cannot be marked paid until it is settled (docs/api/payouts.md "Holds and debts").
   */
  owed: { campaignName: string; amount: number }[];
  /** Each campaign's share of the payout. */
  items: { campaignName: string; amount: number }[];
  /** The account the money goes to; null when the payout names none. */
  destination: ReviewBanking | null;
  earlierPayouts: ReviewEarlierPayout[];
}

/** The review of one queue item. Sections that do not apply are null or empty. */
export interface AdminReview {
  queue: AdminQueueName;
  id: string;
  title: string;
  /** Where the thing can be seen publicly, or null. */
  href: string | null;
  /** ISO date-time it entered the queue. */
  since: string;
  contacts: ReviewContact[];
  /** 'Organisation campaign', 'Independent campaign', 'Bluetick campaign'…; null for an organisation. */
  fundingType: string | null;
  organisation: { id: string; name: string; url: string; isVerified: boolean } | null;
  /** Registration, NPO and PBO numbers, as they apply. */
  numbers: ReviewFact[];
  documents: ReviewDocument[];
  /** The questionnaire answers, question by question. */
  answers: ReviewFact[];
  banking: ReviewBanking | null;
  payout: ReviewPayout | null;
  /** Things staff should look at twice, in words; empty when nothing stands out. */
  signals: string[];
}

import type { DonationCurrency } from './donations';

/** One row of the refund ledger as staff and the API see it (docs/api/refunds.md). */
export interface RefundView {
  id: string;
  donationId: string;
  /** RefundKind: 1 refund, 2 chargeback, 3 chargeback reversal. */
  kind: number;
  /** RefundMethod: 1 the gateway's refund call, 2 manual (bank reference), 3 a dispute. */
  method: number;
  /** RefundStatus: 0 pending at the gateway, 1 completed, 2 failed (counts nothing). */
  status: number;
  /** Of the gift, in the donation's currency. */
  amount: number;
  /** Of the tip or covered fee, returned with a whole refund. */
  tipAmount: number;
  /** The part of the gift in the campaign's currency. */
  campaignAmount: number;
  reason: string;
  externalReference: string | null;
  failure: string | null;
  createdAt: string;
  completedAt: string | null;
}

/** A donation of a campaign with what remains of it, for the staff's refund list. */
export interface RefundableDonation {
  id: string;
  reference: string;
  donorName: string;
  email: string;
  paymentMethod: number;
  /** Whether the gateway has a refund call; without one staff give the bank reference. */
  gatewayRefund: boolean;
  currency: DonationCurrency;
  amount: number;
  tipAmount: number;
  remainingAmount: number;
  remainingTipAmount: number;
  settledAt: string | null;
  refunds: RefundView[];
}

/** `POST /admin/donations/{id}/refund`: the ledger row the refund wrote (or the one a replayed key wrote before). */
export interface RefundAnswer {
  refund: RefundView;
}

/** A campaign's refund ledger and its accepted donations (`GET /admin/campaigns/{id}/refunds`). */
export interface CampaignRefunds {
  campaignId: string;
  campaignName: string;
  currency: DonationCurrency;
  /** Raised after refunds, in the campaign's currency. */
  raised: number;
  refunded: number;
  /** What the campaign owes after refunds made once the money was paid out (0 when it owes nothing). */
  owed: number;
  donations: RefundableDonation[];
}

/** The outcome of refunding every accepted donation of a campaign. */
export interface RefundAllResult {
  /** Donations refunded now (through the gateway). */
  refunded: number;
  /** Donations whose gateway has no refund call: staff refund them by bank and record the reference. */
  manual: number;
  /** Donations the gateway refused (their ledger rows are Failed; nothing counted). */
  failed: number;
  /** What went back now, in the campaign's currency. */
  totalRefunded: number;
}

/** A donor's request for a refund as the donor sees it (`GET /donations/{key}/refund-request`). */
export interface RefundRequestView {
  id: string;
  /** RefundRequestStatus: 0 pending, 1 refunded, 2 declined. */
  status: number;
  reason: string;
  /** Staff's note when they declined. */
  decisionNote: string | null;
  createdAt: string;
  decidedAt: string | null;
}

/** What the donor's page shows: their latest request, and whether they may ask (now). */
export interface RefundRequestState {
  request: RefundRequestView | null;
  /** Null when the donor may ask; else why not, in words. */
  cannotAsk: string | null;
}

/** A pending request in the back office's queue. */
export interface AdminRefundRequest extends RefundRequestView {
  donationId: string;
  reference: string;
  donorName: string;
  donorEmail: string;
  campaignName: string;
  campaignUrl: string;
  paymentMethod: number;
  gatewayRefund: boolean;
  currency: DonationCurrency;
  amount: number;
  remainingAmount: number;
  settledAt: string | null;
}

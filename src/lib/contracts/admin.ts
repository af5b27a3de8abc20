import type { Page } from './common';

/** The back office's wire shapes (docs/api/admin.md), declared once. Types only. */

/** `GET /api/v1/admin/queues`: what waits for staff, with counts and the oldest items first. */
export interface AdminQueues {
  campaignVerifications: Page<AdminQueueItem>;
  organisationVerifications: Page<AdminQueueItem>;
  bankingDetails: Page<AdminQueueItem>;
  payouts: Page<AdminQueueItem>;
  eftDonations: Page<AdminQueueItem>;
}

/** One waiting item: enough to recognise it and open it. */
export interface AdminQueueItem {
  id: string;
  /** e.g. the campaign or organisation name, the donor and reference. */
  title: string;
  /** A short second line: who submitted, amount, bank… */
  summary: string;
  /** ISO date-time it entered the queue. */
  since: string;
  /** Where the thing can be seen, e.g. /campaign/{url} or /organization/{url}; null when none. */
  href: string | null;
  /** Amount in the item's currency, where it has one. */
  amount: number | null;
  currencyTicker: string | null;
  /**
   * Where the item stands when its queue holds more than one step, else null:
   * a payout is pending (0, accept or decline) or accepted (1, mark paid).
   */
  status: number | null;
}

/** `GET /api/v1/admin/audit`: one append-only entry. */
export interface AuditEntryView {
  id: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  details: Record<string, unknown>;
}

export type AuditPage = Page<AuditEntryView>;

/** The name of one queue: `GET /api/v1/admin/queues/{queue}` pages through it alone. */
export type AdminQueueName = keyof AdminQueues;

/** What a verification or banking-details decision left behind (`PATCH …/verification`, `PATCH /admin/banking-details/{id}`). */
export interface AdminDecision {
  id: string;
  accepted: boolean;
  reason: string | null;
  /** When staff decided (ISO). */
  reviewedAt: string;
  /** The banking details decided with it, when there were Pending ones. */
  bankingDetailId: string | null;
}

/** `GET /api/v1/admin/search?kind=users`: one account. */
export interface AdminUserHit {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: 'user' | 'admin';
  active: boolean;
  emailConfirmed: boolean;
  createdAt: string;
}

/** `GET /api/v1/admin/search?kind=campaigns` and `PATCH /api/v1/admin/campaigns/{id}`: one campaign and its switches. */
export interface AdminCampaignHit {
  id: string;
  name: string;
  url: string;
  ownerName: string;
  ownerEmail: string;
  /** CampaignStatus: Active 0, Hidden 1, Expired 2, Closed 3. */
  status: number;
  published: boolean;
  featured: boolean;
  isVerified: boolean;
  createdAt: string;
}

/** `PATCH /api/v1/admin/campaigns/{id}/organisation`: where the campaign's money goes after the move. */
export interface AdminCampaignMove {
  id: string;
  /** The organisation it now raises for; null: paid out to its owner. */
  organisation: { id: string; legalName: string } | null;
  /** FundingType: Standard 0, Bluetick 1. */
  fundingType: number;
}

/** `GET /api/v1/admin/search?kind=donations`: one donation. */
export interface AdminDonationHit {
  id: string;
  reference: string;
  donorName: string;
  email: string;
  /** Donation plus tip, in the donation's currency: what reaches the bank for an EFT. */
  amount: number;
  currencyTicker: string;
  status: number;
  paymentMethod: number;
  campaignName: string;
  campaignUrl: string;
  createdAt: string;
}

export type AdminSearchKind = 'users' | 'campaigns' | 'donations';

/** `GET /api/v1/admin/search?q=&kind=`: a page of the kind asked for. */
export type AdminSearchResult =
  | { kind: 'users'; results: Page<AdminUserHit> }
  | { kind: 'campaigns'; results: Page<AdminCampaignHit> }
  | { kind: 'donations'; results: Page<AdminDonationHit> };

/** `GET/POST/PATCH /api/v1/admin/events`: an event, inactive ones included (the public list hides them). */
export interface AdminEvent {
  id: number;
  name: string;
  description: string | null;
  startDate: string | null;
  endDate: string | null;
  location: string | null;
  isActive: boolean;
}

/** `GET/POST/PATCH /api/v1/admin/close-reasons`. */
export interface AdminCloseReason {
  id: number;
  name: string;
}

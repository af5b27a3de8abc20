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

/** One field an audit entry changed, in words: 'Status: Accepted → Paid'. */
export interface AuditChange {
  field: string;
  before: string;
  after: string;
}

/** Something an audit entry says besides a change, in words: 'Reason: Duplicate request'. */
export interface AuditNote {
  label: string;
  value: string;
}

/** `GET /api/v1/admin/audit`: one append-only entry, raw and in words (src/lib/auditLabels.ts). */
export interface AuditEntryView {
  id: number;
  at: string;
  actorId: string | null;
  /** Who did it: their name, or 'System' for the console and background jobs. */
  actorName: string;
  actorEmail: string | null;
  action: string;
  /** The action in words: 'Payout marked paid'. */
  actionLabel: string;
  entity: string;
  /** The kind of thing in words: 'Payout'. */
  entityLabel: string;
  entityId: string | null;
  /** The thing's name: a campaign's name, an organisation's legal name, a person's name…; null when gone or nameless. */
  entityName: string | null;
  /** The fields it changed, labels and values in words. */
  changes: AuditChange[];
  /** Reasons, notes and other details in words. */
  notes: AuditNote[];
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
  /** The organisation it raises for, whose verified account is paid; null: paid out to its owner. */
  organisation: { id: string; legalName: string } | null;
  /** FundingType: Standard 0, Bluetick 1. */
  fundingType: number;
  /** The payment methods only a platform admin switches: debit orders (Paysoft, 7) and SnapScan (5). */
  gateways: { paysoft: boolean; snapscan: boolean };
  /** Staff paused its donations while they review it: why (may be ''), else null. */
  donationsPausedReason: string | null;
  /** Staff hold its payouts: why (may be ''), else null. */
  payoutsHeldReason: string | null;
  /** What it owes after refunds made once its money was paid out, in its currency (0: nothing). */
  owed: number;
}

/** `GET /api/v1/admin/search?kind=organisations`: one organisation, verified or not (to move a campaign's money to it). */
export interface AdminOrganisationHit {
  id: string;
  legalName: string;
  /** Its public page: /organization/{url}. */
  url: string;
  /** Staff accepted its verification. */
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

export type AdminSearchKind = 'users' | 'campaigns' | 'donations' | 'organisations';

/** `GET /api/v1/admin/search?q=&kind=`: a page of the kind asked for. */
export type AdminSearchResult =
  | { kind: 'users'; results: Page<AdminUserHit> }
  | { kind: 'campaigns'; results: Page<AdminCampaignHit> }
  | { kind: 'donations'; results: Page<AdminDonationHit> }
  | { kind: 'organisations'; results: Page<AdminOrganisationHit> };

/** `GET/POST/PATCH /api/v1/admin/events`: an event, inactive ones included (the public list hides them). */
export interface AdminEvent {
  id: number;
  name: string;
  /** Its public page: /event/{slug} (made from the name at creation, never changed). */
  slug: string;
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

/** A mail in the queue as the back office shows it (`GET /api/v1/admin/mail`). */
export interface AdminMail {
  id: string;
  /** As the mail was addressed: `a@b.c` or `Name <a@b.c>`. */
  recipient: string;
  subject: string;
  /** Attempts so far. */
  attempts: number;
  /** Why the last attempt failed (no addresses in it); null before a first failure. */
  lastError: string | null;
  createdAt: string;
  /** When a waiting mail is tried next; null for a dead letter. */
  nextAttemptAt: string | null;
}

/** `GET /api/v1/admin/mail`: what waits to be sent and what gave up (docs/api/admin.md "Mail"). */
export interface AdminMailQueue {
  /** Mail not sent yet (retrying included). */
  waiting: number;
  /** Dead letters: out of attempts until an admin resends them. */
  dead: number;
  /** The oldest waiting mail, at most 50. */
  waitingMail: AdminMail[];
  /** Dead letters, newest first, at most 100. */
  deadLetters: AdminMail[];
}

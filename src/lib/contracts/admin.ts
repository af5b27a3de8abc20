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

import type { AdminCampaignHit } from './admin';

/** One report as staff read it. */
export interface ReportView {
  id: string;
  /** ReportReason's code. */
  reason: string;
  reasonLabel: string;
  details: string;
  /** The reporter's address, when they gave one (staff only). */
  email: string | null;
  createdAt: string;
}

/** The open reports of one campaign or organisation (`GET /admin/reports`), newest group first. */
export interface ReportGroup {
  kind: 'campaign' | 'organisation';
  /** The campaign's or organisation's id. */
  id: string;
  name: string;
  /** Its public page. */
  href: string;
  count: number;
  /** How many reports give each reason, by code. */
  reasons: Record<string, number>;
  latestAt: string;
  reports: ReportView[];
  /** A campaign's card with its switches (pause, hold, hide, close, refunds); null for an organisation. */
  campaign: AdminCampaignHit | null;
}

/** `PATCH /admin/reports/{kind}/{id}`: how many open reports were closed. */
export interface ReportsClosed {
  closed: number;
}

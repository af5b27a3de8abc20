import type * as v from 'valibot';
import type {
  AdminCampaignHit,
  AdminCampaignMove,
  AdminCloseReason,
  AdminDecision,
  AdminEvent,
  AdminMail,
  AdminMailQueue,
  AdminQueueName,
  AdminQueues,
  AdminSearchKind,
  AdminSearchResult,
  AuditPage,
} from '~/lib/contracts/admin';
import type { AdminReview } from '~/lib/contracts/adminReview';
import type { Donation } from '~/lib/contracts/donations';
import type { PayoutView } from '~/lib/contracts/payouts';
import type { Banner, BannerPreview } from '~/lib/contracts/platform';
import type {
  AdminRefundRequest,
  CampaignRefunds,
  RefundAllResult,
  RefundAnswer,
  RefundRequestView,
} from '~/lib/contracts/refunds';
import type { ReportGroup, ReportsClosed } from '~/lib/contracts/reports';
import type {
  adminCampaignChangeSchema,
  adminCampaignMoveSchema,
  adminDecisionSchema,
  bannerSchema,
  eventChangeSchema,
  newEventSchema,
  payoutDecisionSchema,
} from '~/lib/schemas/adminRequests';
import type { AUDIT_FILTER_KEYS } from '~/lib/schemas/auditFilter';
import type { eftReceivedSchema } from '~/lib/schemas/donation';
import type { refundRequestDecisionSchema, refundSchema } from '~/lib/schemas/refunds';
import type { reportDecisionSchema } from '~/lib/schemas/report';
import { idPath } from './campaigns';
import { api, type Envelope } from './index';

/**
 * Typed calls of the admin contract (docs/api/admin.md) for the back office at
 * /admin. The server refuses them to anyone but a platform admin (403, which
 * the client turns into the 404 page).
 */

export type {
  AdminCampaignHit,
  AdminCampaignMove,
  AdminCloseReason,
  AdminDecision,
  AdminDonationHit,
  AdminEvent,
  AdminMail,
  AdminMailQueue,
  AdminOrganisationHit,
  AdminQueueItem,
  AdminQueues,
  AdminSearchKind,
  AdminSearchResult,
  AdminUserHit,
  AuditChange,
  AuditEntryView,
  AuditNote,
  AuditPage,
} from '~/lib/contracts/admin';
export type {
  AdminReview,
  ReviewBanking,
  ReviewContact,
  ReviewDocument,
  ReviewFact,
  ReviewPayout,
} from '~/lib/contracts/adminReview';
export type { Banner } from '~/lib/contracts/platform';

/** The audit log's page size at /admin. */
export const AUDIT_PAGE_SIZE = 20;

/** Every queue's oldest items (up to 50 each) and its count. */
export const getQueues = (): Promise<Envelope<AdminQueues>> =>
  api.get('admin/queues', { searchParams: { pageSize: 50 } }).json();

/** The evidence of one queue item (docs/api/admin.md, "Review"). */
export const getReview = (queue: AdminQueueName, id: string): Promise<Envelope<AdminReview>> =>
  api.get(`admin/queues/${queue}/${idPath(id)}`).json();

/**
 * A review's document, fetched with the admin's bearer token (a plain link could not carry it):
 * `url` is the review's `/api/v1/admin/documents/{id}`.
 */
export const getReviewDocument = (url: string): Promise<Blob> =>
  api.get(url.replace(/^\/api\/v1\//, '')).blob();

/** Accept with an optional note (kept in the audit log), or reject with the reason mailed to the owner. */
export type Decision = v.InferInput<typeof adminDecisionSchema>;

export const decideCampaignVerification = (
  id: string,
  decision: Decision,
): Promise<Envelope<AdminDecision>> =>
  api.patch(`admin/campaigns/${idPath(id)}/verification`, { json: decision }).json();
export const decideOrganisationVerification = (
  id: string,
  decision: Decision,
): Promise<Envelope<AdminDecision>> =>
  api.patch(`admin/organizations/${idPath(id)}/verification`, { json: decision }).json();
export const decideBankingDetails = (id: string, decision: Decision): Promise<Envelope<AdminDecision>> =>
  api.patch(`admin/banking-details/${idPath(id)}`, { json: decision }).json();

/** A payout's next status: accepted (1), declined with a reason (2) or paid with a bank reference (3). */
export type PayoutDecision = v.InferInput<typeof payoutDecisionSchema>;

export const decidePayout = (id: string, decision: PayoutDecision): Promise<Envelope<PayoutView>> =>
  api.patch(`admin/payouts/${idPath(id)}`, { json: decision }).json();

/** An EFT donation's transfer arrived: `amount` is what reached the bank (donation plus tip). */
export const markEftReceived = (id: string, amount: number): Promise<Envelope<Donation>> =>
  api
    .patch(`admin/donations/${idPath(id)}/eft-received`, {
      json: { amount } satisfies v.InferInput<typeof eftReceivedSchema>,
    })
    .json();

/** The newest banner for any host, visible or not (null when there never was one). */
export const getBanner = (): Promise<Envelope<Banner | null>> => api.get('admin/banner').json();

/** The banner as staff write it: the server sanitises the HTML and gives it a new id. */
export type BannerInput = v.InferInput<typeof bannerSchema>;

export const saveBanner = (input: BannerInput): Promise<Envelope<Banner>> =>
  api.put('admin/banner', { json: input }).json();

/** The audit log's filters as the query sends them: only the ones set. */
export type AuditQuery = Partial<Record<(typeof AUDIT_FILTER_KEYS)[number], string>>;

const auditParams = (filter: AuditQuery): Record<string, string> =>
  Object.fromEntries(Object.entries(filter).filter((entry): entry is [string, string] => !!entry[1]));

export const getAuditPage = (pageNo: number, filter: AuditQuery = {}): Promise<Envelope<AuditPage>> =>
  api
    .get('admin/audit', { searchParams: { ...auditParams(filter), pageNo, pageSize: AUDIT_PAGE_SIZE } })
    .json();

/** The filtered audit log as a CSV file. */
export const getAuditCsv = (filter: AuditQuery = {}): Promise<Blob> =>
  api.get('admin/audit.csv', { searchParams: auditParams(filter) }).blob();

/** What saving `message` would keep, as the server sanitises it (nothing is stored). */
export const previewBanner = (message: string): Promise<Envelope<BannerPreview>> =>
  api.post('admin/banner/preview', { json: { message } }).json();

/** The search's page size at /admin. */
export const SEARCH_PAGE_SIZE = 20;

export const searchAdmin = (
  kind: AdminSearchKind,
  q: string,
  pageNo = 1,
): Promise<Envelope<AdminSearchResult>> =>
  api.get('admin/search', { searchParams: { kind, q, pageNo, pageSize: SEARCH_PAGE_SIZE } }).json();

/** A campaign's switches: hide or show it, feature it or not, or close it for good with a reason. */
export type CampaignChange = v.InferInput<typeof adminCampaignChangeSchema>;

export const changeCampaign = (id: string, change: CampaignChange): Promise<Envelope<AdminCampaignHit>> =>
  api.patch(`admin/campaigns/${idPath(id)}`, { json: change }).json();

/** Where a campaign's money goes from now on: an organisation, or its owner (Standard or Bluetick), and why. */
export type CampaignMove = v.InferInput<typeof adminCampaignMoveSchema>;

export const moveCampaign = (id: string, move: CampaignMove): Promise<Envelope<AdminCampaignMove>> =>
  api.patch(`admin/campaigns/${idPath(id)}/organisation`, { json: move }).json();

/** A new event, and a change to one (only the fields sent change). */
export type NewEvent = v.InferInput<typeof newEventSchema>;
export type EventChange = v.InferInput<typeof eventChangeSchema>;

export const getAdminEvents = (): Promise<Envelope<AdminEvent[]>> => api.get('admin/events').json();
export const addEvent = (input: NewEvent): Promise<Envelope<AdminEvent>> =>
  api.post('admin/events', { json: input }).json();
export const editEvent = (id: number, input: EventChange): Promise<Envelope<AdminEvent>> =>
  api.patch(`admin/events/${id}`, { json: input }).json();

export const getAdminCloseReasons = (): Promise<Envelope<AdminCloseReason[]>> =>
  api.get('admin/close-reasons').json();
export const addCloseReason = (name: string): Promise<Envelope<AdminCloseReason>> =>
  api.post('admin/close-reasons', { json: { name } }).json();
export const editCloseReason = (id: number, name: string): Promise<Envelope<AdminCloseReason>> =>
  api.patch(`admin/close-reasons/${id}`, { json: { name } }).json();

export type {
  CampaignRefunds,
  RefundAllResult,
  RefundableDonation,
  RefundView,
} from '~/lib/contracts/refunds';

export const getCampaignRefunds = (campaignId: string): Promise<Envelope<CampaignRefunds>> =>
  api.get(`admin/campaigns/${campaignId}/refunds`).json();

export type RefundRequestBody = v.InferInput<typeof refundSchema>;

export const refundDonationCall = (
  donationId: string,
  body: RefundRequestBody,
): Promise<Envelope<RefundAnswer>> => api.post(`admin/donations/${donationId}/refund`, { json: body }).json();

export const refundAllCall = (campaignId: string, reason: string): Promise<Envelope<RefundAllResult>> =>
  api.post(`admin/campaigns/${campaignId}/refund-all`, { json: { reason } }).json();

export type { ReportGroup, ReportView } from '~/lib/contracts/reports';

export const getReportGroups = (): Promise<Envelope<ReportGroup[]>> => api.get('admin/reports').json();

export const closeReportsCall = (
  kind: ReportGroup['kind'],
  id: string,
  status: v.InferInput<typeof reportDecisionSchema>['status'],
): Promise<Envelope<ReportsClosed>> => api.patch(`admin/reports/${kind}/${id}`, { json: { status } }).json();

export const askOwnerCall = (
  kind: ReportGroup['kind'],
  id: string,
  message: string,
): Promise<Envelope<null>> => api.post(`admin/reports/${kind}/${id}/ask-owner`, { json: { message } }).json();

export type { AdminRefundRequest } from '~/lib/contracts/refunds';

export const getRefundRequests = (): Promise<Envelope<AdminRefundRequest[]>> =>
  api.get('admin/refund-requests').json();

/** Staff's answer to a donor's refund request: refund it (with the bank's reference) or decline it with a note. */
export type RefundRequestDecisionBody = v.InferInput<typeof refundRequestDecisionSchema>;

export const decideRefundRequestCall = (
  id: string,
  decision: RefundRequestDecisionBody,
): Promise<Envelope<RefundRequestView>> =>
  api.patch(`admin/refund-requests/${id}`, { json: decision }).json();

/** The mail queue: the counts, the oldest waiting mail and the dead letters. */
export const getMailQueue = (): Promise<Envelope<AdminMailQueue>> => api.get('admin/mail').json();

/** Sends a dead letter again (its attempts back at 0). */
export const resendMailCall = (id: string): Promise<Envelope<AdminMail>> =>
  api.post(`admin/mail/${id}/resend`, { json: {} }).json();

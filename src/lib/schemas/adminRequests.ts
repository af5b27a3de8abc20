import * as v from 'valibot';
import { isCalendarDay, isStorableDate } from '~/lib/dates';
import { PayoutStatus } from '~/lib/enums';
import { ADMIN_LIMITS, ADMIN_MESSAGES, optionalText, reasonSchema } from './admin';
import { closeCampaignSchema } from './campaign';
import { nullableUuid, oneMessagePerField } from './campaignFields';
import { requiredText, singleLine } from './textRules';

/**
 * The admin API's request bodies (docs/api/admin.md). The field rules (reason, bank
 * reference, banner message) are the page's, from ./admin.
 */

export const ADMIN_REQUEST_MESSAGES = {
  accepted: 'Please say whether you accept (true) or reject (false).',
  payoutStatus: 'Please choose the payout’s new status: accepted (1), declined (2) or paid (3).',
  isVisible: 'Please say whether the banner is visible.',
  domainTooLong: 'The domain must be at most 200 characters.',
  eventName: 'Please enter the event’s name.',
  eventNameTooLong: 'The name must be at most 120 characters.',
  eventText: 'The text must be at most 1000 characters.',
  eventDate: 'Please enter the date as an ISO date (2026-03-01 or 2026-03-01T08:00:00+02:00).',
  eventDates: 'The event cannot end before it starts.',
  isActive: 'Please say whether the event is active.',
  closeReasonName: 'Please enter the close reason.',
  closeReasonTooLong: 'The close reason must be at most 120 characters.',
  campaignSwitch: 'Please use true or false.',
  nothingToChange: 'Please say what to change: hidden, featured or close.',
  moveOrganisation: 'Please choose the organisation (an id), or null for none.',
  moveFundingType: 'Please choose a funding type: Standard (0) or Bluetick (1).',
  moveBluetickOrganisation: 'A Bluetick campaign has no organisation: choose Standard (0) to move it to one.',
  searchKind: 'Please choose what to search: users, campaigns, donations or organisations.',
  searchTextTooLong: 'Search text must be at most 100 characters.',
} as const;

const M = ADMIN_REQUEST_MESSAGES;

const optionalReason = optionalText(ADMIN_LIMITS.reason, ADMIN_MESSAGES.reasonTooLong, {
  notText: ADMIN_MESSAGES.reason,
});

const optionalReference = optionalText(ADMIN_LIMITS.reference, ADMIN_MESSAGES.referenceTooLong, {
  notText: ADMIN_MESSAGES.reference,
});

/** Staff's own note on an accept (kept in the audit log, not mailed). */
const optionalNote = optionalText(ADMIN_LIMITS.note, ADMIN_MESSAGES.noteTooLong);

/**
 * Accept with an optional note, or reject with a reason (required when rejecting: it is mailed
 * to the owner). Both go into the decision's audit entry.
 */
export const adminDecisionSchema = v.pipe(
  v.object({ accepted: v.boolean(M.accepted), reason: optionalReason, note: optionalNote }),
  v.forward(
    v.partialCheck([['accepted'], ['reason']], (d) => d.accepted || !!d.reason, ADMIN_MESSAGES.reason),
    ['reason'],
  ),
);
export type AdminDecisionInput = v.InferOutput<typeof adminDecisionSchema>;

/** A payout's next status: declining needs a reason, paying a bank reference. */
export const payoutDecisionSchema = v.pipe(
  v.object({
    status: v.picklist([PayoutStatus.Accepted, PayoutStatus.Declined, PayoutStatus.Paid], M.payoutStatus),
    reason: optionalReason,
    reference: optionalReference,
    note: optionalNote,
  }),
  v.forward(
    v.partialCheck(
      [['status'], ['reason']],
      (d) => d.status !== PayoutStatus.Declined || !!d.reason,
      ADMIN_MESSAGES.reason,
    ),
    ['reason'],
  ),
  v.forward(
    v.partialCheck(
      [['status'], ['reference']],
      (d) => d.status !== PayoutStatus.Paid || !!d.reference,
      ADMIN_MESSAGES.reference,
    ),
    ['reference'],
  ),
);
export type PayoutDecisionInput = v.InferOutput<typeof payoutDecisionSchema>;

export const bannerSchema = oneMessagePerField(
  v.object({
    message: v.pipe(
      v.string(ADMIN_MESSAGES.bannerMessage),
      v.trim(),
      v.nonEmpty(ADMIN_MESSAGES.bannerMessage),
      v.maxLength(ADMIN_LIMITS.bannerMessage, ADMIN_MESSAGES.bannerMessageTooLong),
    ),
    isVisible: v.boolean(M.isVisible),
    domain: v.optional(
      v.nullable(v.pipe(v.string(M.domainTooLong), v.trim(), v.maxLength(200, M.domainTooLong))),
      null,
    ),
  }),
);
export type BannerInput = v.InferOutput<typeof bannerSchema>;

/** `POST /admin/banner/preview`: the message as typed so far (it may still be empty). */
export const bannerPreviewSchema = v.object({
  message: v.pipe(
    v.string(ADMIN_MESSAGES.bannerMessage),
    v.maxLength(ADMIN_LIMITS.bannerMessage, ADMIN_MESSAGES.bannerMessageTooLong),
  ),
});

/** An event's optional text: left out stays left out (an edit keeps it), '' becomes null. */
const eventText = (max: number, message: string) =>
  v.optional(
    v.nullable(
      v.pipe(
        v.string(message),
        v.trim(),
        v.maxLength(max, message),
        v.transform((s) => s || null),
      ),
    ),
  );

/**
 * A moment the database stores: a day that exists (2026-02-30 is not moved to 2 March) in the
 * years 1900–9999. JavaScript parses years up to ±275 760, which PostgreSQL refuses or no page shows.
 */
function isEventDate(text: string): boolean {
  const day = /^(\d{4}-\d{2}-\d{2})(?:T|$)/.exec(text)?.[1];
  return (day === undefined || isCalendarDay(day)) && isStorableDate(new Date(text));
}

const isoDate = v.optional(
  v.nullable(
    v.pipe(
      v.string(M.eventDate),
      v.trim(),
      v.check((s) => s === '' || isEventDate(s), M.eventDate),
      v.transform((s) => (s === '' ? null : new Date(s))),
    ),
  ),
);

const eventFields = {
  name: requiredText(M.eventName, 120, M.eventNameTooLong, singleLine('Event name')),
  description: eventText(1000, M.eventText),
  location: eventText(1000, M.eventText),
  startDate: isoDate,
  endDate: isoDate,
  isActive: v.optional(v.boolean(M.isActive)),
};

const inOrder = (e: { startDate?: Date | null; endDate?: Date | null }): boolean =>
  !e.startDate || !e.endDate || e.endDate >= e.startDate;

export const newEventSchema = oneMessagePerField(
  v.pipe(
    v.object(eventFields),
    v.forward(v.partialCheck([['startDate'], ['endDate']], inOrder, M.eventDates), ['endDate']),
  ),
);
export type NewEventInput = v.InferOutput<typeof newEventSchema>;

/** A change to an event: only the fields sent change. */
export const eventChangeSchema = oneMessagePerField(
  v.pipe(
    v.partial(v.object(eventFields)),
    v.forward(v.partialCheck([['startDate'], ['endDate']], inOrder, M.eventDates), ['endDate']),
  ),
);
export type EventChangeInput = v.InferOutput<typeof eventChangeSchema>;

export const closeReasonSchema = v.object({
  name: requiredText(M.closeReasonName, 120, M.closeReasonTooLong, singleLine('Close reason')),
});
export type CloseReasonInput = v.InferOutput<typeof closeReasonSchema>;

/** `PATCH /admin/campaigns/{id}`: hide or show, feature or not, close with a reason, switch debit orders or SnapScan; at least one. */
export const adminCampaignChangeSchema = v.pipe(
  v.object({
    hidden: v.optional(v.boolean(M.campaignSwitch)),
    featured: v.optional(v.boolean(M.campaignSwitch)),
    close: v.optional(closeCampaignSchema),
    /** campaignSetting.showGateways.paysoft: monthly gifts by debit order. */
    paysoft: v.optional(v.boolean(M.campaignSwitch)),
    /** campaignSetting.showGateways.snapscan: SnapScan payments. */
    snapscan: v.optional(v.boolean(M.campaignSwitch)),
    /** Pause new donations while staff review the campaign: `{ reason }`; null resumes them. */
    pauseDonations: v.optional(v.nullable(v.object({ reason: reasonSchema }))),
    /** Hold its payouts: `{ reason }`; null releases them. */
    holdPayouts: v.optional(v.nullable(v.object({ reason: reasonSchema }))),
  }),
  v.check(
    (c) =>
      c.hidden !== undefined ||
      c.featured !== undefined ||
      c.close !== undefined ||
      c.paysoft !== undefined ||
      c.snapscan !== undefined ||
      c.pauseDonations !== undefined ||
      c.holdPayouts !== undefined,
    M.nothingToChange,
  ),
);
export type AdminCampaignChangeInput = v.InferOutput<typeof adminCampaignChangeSchema>;

/** `GET /admin/search`: the query's words and the kind of thing. */
export const adminSearchSchema = v.object({
  q: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, M.searchTextTooLong)), ''),
  kind: v.picklist(['users', 'campaigns', 'donations', 'organisations'], M.searchKind),
});

/**
 * `PATCH /admin/campaigns/{id}/organisation`: move a campaign's money to another
 * organisation, to none (its owner), or change its funding type, with the reason
 * staff record. `fundingType` left out keeps it (Standard when moving to an organisation).
 */
export const adminCampaignMoveSchema = oneMessagePerField(
  v.pipe(
    v.object({
      organisation: nullableUuid(M.moveOrganisation),
      fundingType: v.optional(v.picklist([0, 1], M.moveFundingType)),
      // Left out, it is an empty reason: 'Please give a reason.'
      reason: v.optional(reasonSchema, ''),
    }),
    v.forward(
      v.partialCheck(
        [['organisation'], ['fundingType']],
        (m) => m.organisation === null || m.fundingType !== 1,
        M.moveBluetickOrganisation,
      ),
      ['fundingType'],
    ),
  ),
);
export type AdminCampaignMoveInput = v.InferOutput<typeof adminCampaignMoveSchema>;

import * as v from 'valibot';
import { FIELD_LIMITS, ReportReason } from '~/lib/enums';
import { multiLine, requiredText } from './textRules';

/**
 * A visitor's report of a campaign or an organisation (`POST /api/v1/reports`, and the /report page's
 * own form without JavaScript): one rule and one message for both (docs/api/reports.md).
 */

export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  misleading: 'Misleading or untrue',
  impersonation: 'Impersonation, or no permission from the beneficiary',
  prohibited: 'Prohibited or hateful content',
  misuse: 'Money not used as promised',
  other: 'Other',
};

export const REPORT_LIMITS = { details: 2000, detailsMin: 10 } as const;

export const REPORT_MESSAGES = {
  subject: 'Please say which campaign or organisation you are reporting.',
  reason: 'Please choose why you are reporting it.',
  details: `Please tell us what is wrong, in at least ${REPORT_LIMITS.detailsMin} characters.`,
  detailsTooLong: `Please keep it to ${REPORT_LIMITS.details} characters.`,
  email: 'Please enter a valid email address, or leave it empty.',
  sent: 'Thank you. Your report was sent to the Letsema team, who will look into it.',
} as const;

const uuid = v.pipe(v.string(REPORT_MESSAGES.subject), v.trim(), v.uuid(REPORT_MESSAGES.subject));

export const reportSchema = v.pipe(
  v.object({
    campaignId: v.optional(v.nullable(uuid), null),
    organizationId: v.optional(v.nullable(uuid), null),
    reason: v.picklist(Object.values(ReportReason), REPORT_MESSAGES.reason),
    details: v.pipe(
      v.string(REPORT_MESSAGES.details),
      v.trim(),
      v.minLength(REPORT_LIMITS.detailsMin, REPORT_MESSAGES.details),
      v.maxLength(REPORT_LIMITS.details, REPORT_MESSAGES.detailsTooLong),
      multiLine('Your report'),
    ),
    email: v.optional(
      v.nullable(
        v.pipe(
          v.string(REPORT_MESSAGES.email),
          v.trim(),
          v.maxLength(FIELD_LIMITS.email, REPORT_MESSAGES.email),
          v.union([v.literal(''), v.pipe(v.string(), v.email(REPORT_MESSAGES.email))], REPORT_MESSAGES.email),
        ),
      ),
      null,
    ),
    recaptchaToken: v.optional(v.nullable(v.string()), null),
  }),
  v.check((r) => (r.campaignId === null) !== (r.organizationId === null), REPORT_MESSAGES.subject),
);
export type ReportInput = v.InferOutput<typeof reportSchema>;

export const REPORT_DECISION_MESSAGES = {
  status: 'Please say whether the reports are dismissed or handled.',
  message: 'Please write what you want to ask the owner.',
  messageTooLong: 'The message must be at most 2000 characters.',
} as const;

/** `PATCH /admin/reports/{kind}/{id}`: close the open reports, dismissed (nothing to do) or handled (staff acted). */
export const reportDecisionSchema = v.object({
  status: v.picklist(['dismissed', 'handled'], REPORT_DECISION_MESSAGES.status),
  note: v.optional(
    v.pipe(v.string(), v.trim(), v.maxLength(1000, 'The note must be at most 1000 characters.')),
    '',
  ),
});

/** `POST /admin/reports/{kind}/{id}/ask-owner`: what staff ask the owner, mailed from the platform. */
export const askOwnerSchema = v.object({
  message: requiredText(
    REPORT_DECISION_MESSAGES.message,
    2000,
    REPORT_DECISION_MESSAGES.messageTooLong,
    multiLine('The message'),
  ),
});

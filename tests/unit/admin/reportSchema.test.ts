import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ReportReason } from '~/lib/enums';
import {
  askOwnerSchema,
  REPORT_DECISION_MESSAGES,
  REPORT_LIMITS,
  REPORT_MESSAGES,
  REPORT_REASON_LABELS,
  reportDecisionSchema,
  reportSchema,
} from '~/lib/schemas/report';

// The report rule (issue 25, docs/api/reports.md): one schema for POST /api/v1/reports and the
// /report page's form, and the staff decisions on a subject's reports.

/** Field → messages, as parseInput reports them. */
function messagesOf(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const out: Record<string, string[]> = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) ?? 'body';
    out[field] = [...(out[field] ?? []), issue.message];
  }
  return out;
}

const CAMPAIGN = '2f6d1c1e-8a4b-4d5e-9f10-0a1b2c3d4e5f';
const ORGANISATION = '7b1e4c2a-3d5f-4a6b-8c9d-0e1f2a3b4c5d';
const valid = {
  campaignId: CAMPAIGN,
  reason: 'misleading',
  details: 'The pictures belong to another campaign.',
};

describe('reportSchema', () => {
  it('takes a campaign or an organisation, a reason and what is wrong; the email is optional', () => {
    expect(v.parse(reportSchema, valid)).toEqual({
      ...valid,
      organizationId: null,
      email: null,
      recaptchaToken: null,
    });
    const organisation = v.parse(reportSchema, {
      organizationId: ORGANISATION,
      reason: 'other',
      details: '  Nobody answers the phone number on the page.  ',
      email: ' thandi@example.org ',
      recaptchaToken: 'token',
    });
    expect(organisation).toMatchObject({
      campaignId: null,
      organizationId: ORGANISATION,
      details: 'Nobody answers the phone number on the page.',
      email: 'thandi@example.org',
      recaptchaToken: 'token',
    });
    // The form sends an empty email field when the reporter leaves it.
    expect(v.parse(reportSchema, { ...valid, email: '' }).email).toBe('');
  });

  it('knows the five reasons of the issue, in words', () => {
    expect(Object.keys(REPORT_REASON_LABELS).sort()).toEqual(Object.values(ReportReason).sort());
    expect(REPORT_REASON_LABELS.impersonation).toBe('Impersonation, or no permission from the beneficiary');
    for (const reason of Object.values(ReportReason))
      expect(messagesOf(reportSchema, { ...valid, reason })).toEqual({});
    expect(messagesOf(reportSchema, { ...valid, reason: 'spam' })).toEqual({
      reason: [REPORT_MESSAGES.reason],
    });
    expect(messagesOf(reportSchema, { ...valid, reason: undefined })).toEqual({
      reason: [REPORT_MESSAGES.reason],
    });
  });

  it('needs exactly one of the campaign and the organisation', () => {
    const neither = { reason: 'other', details: valid.details };
    expect(Object.values(messagesOf(reportSchema, neither)).flat()).toEqual([REPORT_MESSAGES.subject]);
    const both = { ...valid, organizationId: ORGANISATION };
    expect(Object.values(messagesOf(reportSchema, both)).flat()).toEqual([REPORT_MESSAGES.subject]);
    expect(messagesOf(reportSchema, { ...valid, campaignId: 'not-an-id' })).toEqual({
      campaignId: [REPORT_MESSAGES.subject],
    });
  });

  it('needs details between the limits, without hidden control characters', () => {
    expect(messagesOf(reportSchema, { ...valid, details: '' })).toEqual({
      details: [REPORT_MESSAGES.details],
    });
    expect(messagesOf(reportSchema, { ...valid, details: '   too short   ' })).toEqual({
      details: [REPORT_MESSAGES.details],
    });
    expect(messagesOf(reportSchema, { ...valid, details: 'x'.repeat(REPORT_LIMITS.details) })).toEqual({});
    expect(messagesOf(reportSchema, { ...valid, details: 'x'.repeat(REPORT_LIMITS.details + 1) })).toEqual({
      details: [REPORT_MESSAGES.detailsTooLong],
    });
    // Line breaks stay; a text-direction override does not.
    expect(messagesOf(reportSchema, { ...valid, details: 'First line.\nSecond line.' })).toEqual({});
    expect(Object.keys(messagesOf(reportSchema, { ...valid, details: 'Look here \u202E please' }))).toEqual([
      'details',
    ]);
  });

  it('refuses an email that is not an address, or too long', () => {
    expect(messagesOf(reportSchema, { ...valid, email: 'not an address' })).toEqual({
      email: [REPORT_MESSAGES.email],
    });
    expect(messagesOf(reportSchema, { ...valid, email: `${'a'.repeat(60)}@example.org` })).toHaveProperty(
      'email',
    );
    expect(messagesOf(reportSchema, { ...valid, email: null })).toEqual({});
  });
});

describe("staff's decisions on a subject's reports", () => {
  it('close them dismissed or handled, with an optional note', () => {
    expect(v.parse(reportDecisionSchema, { status: 'dismissed' })).toEqual({ status: 'dismissed', note: '' });
    expect(v.parse(reportDecisionSchema, { status: 'handled', note: ' Paused ' })).toEqual({
      status: 'handled',
      note: 'Paused',
    });
    expect(messagesOf(reportDecisionSchema, { status: 'open' })).toEqual({
      status: [REPORT_DECISION_MESSAGES.status],
    });
  });

  it('ask the owner a question that is not empty and not too long', () => {
    expect(v.parse(askOwnerSchema, { message: ' Please send the hospital invoice. ' })).toEqual({
      message: 'Please send the hospital invoice.',
    });
    expect(messagesOf(askOwnerSchema, { message: '   ' })).toEqual({
      message: [REPORT_DECISION_MESSAGES.message],
    });
    expect(messagesOf(askOwnerSchema, { message: 'x'.repeat(2001) })).toEqual({
      message: [REPORT_DECISION_MESSAGES.messageTooLong],
    });
  });
});

import * as v from 'valibot';
import { REPORT_MESSAGES, reportSchema } from '~/lib/schemas/report';
import { checkFormStamp, signFormStamp } from '~/lib/server/donations/form';
import { HttpError } from '~/lib/server/http/errors';
import { createReport, findReportSubject, type ReportSubject } from './reports';

export type { ReportSubject };

/**
 * The /report page's own form (docs/api/reports.md "Without JavaScript"): a plain HTML form posted
 * to the page. Its guards stand in for the captcha, as on the donation page: the address counted for
 * every post, a honeypot people never see, and a signed render stamp with a minimum fill time.
 */

export const REPORT_FORM_MESSAGES = {
  refused: 'Your report could not be sent. Please try again.',
  tooFast: 'Please take a moment to read the form before sending it.',
  expired: 'This form is too old. Please check it and send it again.',
} as const;

/** What `?campaign={url}` or `?organisation={url}` names, if anyone may see it. */
export function findReportSubjectOf(search: URLSearchParams): Promise<ReportSubject | null> {
  const campaignUrl = search.get('campaign')?.trim().toLowerCase();
  if (campaignUrl) return findReportSubject('campaign', { url: campaignUrl });
  const organisationUrl = search.get('organisation')?.trim().toLowerCase();
  return organisationUrl
    ? findReportSubject('organisation', { url: organisationUrl })
    : Promise.resolve(null);
}

export const reportStamp = (subject: ReportSubject): string => signFormStamp(`report:${subject.id}`);

export interface ReportFormValues {
  reason: string;
  details: string;
  email: string;
}

export type ReportFormOutcome =
  | { kind: 'sent' }
  | { kind: 'refused'; status: number; notice: string | null; errors: Record<string, string>; stamp: string };

const reportInputOf = (subject: ReportSubject, form: URLSearchParams) => ({
  campaignId: subject.kind === 'campaign' ? subject.id : null,
  organizationId: subject.kind === 'organisation' ? subject.id : null,
  reason: form.get('reason') ?? '',
  details: form.get('details') ?? '',
  email: form.get('email') ?? '',
});

/** The form's messages beside its fields: the first problem of each. */
function firstErrorPerField(
  issues: [v.BaseIssue<unknown>, ...v.BaseIssue<unknown>[]],
): Record<string, string> {
  const nested: Record<string, string[] | undefined> = v.flatten(issues).nested ?? {};
  return Object.fromEntries(
    Object.entries(nested).flatMap(([field, messages]) => (messages?.[0] ? [[field, messages[0]]] : [])),
  );
}

export async function submitReportForm(
  subject: ReportSubject,
  form: URLSearchParams,
  remoteAddress: string | null,
): Promise<ReportFormOutcome> {
  const posted = form.get('formStamp') ?? '';
  const check = checkFormStamp(posted, `report:${subject.id}`);
  const stamp = check === 'ok' || check === 'too-fast' ? posted : reportStamp(subject);
  const refuse = (
    status: number,
    notice: string | null,
    errors: Record<string, string> = {},
  ): ReportFormOutcome => ({
    kind: 'refused',
    status,
    notice,
    errors,
    stamp,
  });
  if ((form.get('website') ?? '').trim() !== '') return refuse(400, REPORT_FORM_MESSAGES.refused);
  const parsed = v.safeParse(reportSchema, reportInputOf(subject, form));
  if (!parsed.success) return refuse(400, null, firstErrorPerField(parsed.issues));
  if (check === 'too-fast') return refuse(400, REPORT_FORM_MESSAGES.tooFast);
  if (check !== 'ok') return refuse(400, REPORT_FORM_MESSAGES.expired);
  try {
    await createReport(parsed.output, { user: null, remoteAddress, formGuarded: true });
    return { kind: 'sent' };
  } catch (error) {
    if (error instanceof HttpError) return refuse(error.status, error.message);
    throw error;
  }
}

export { REPORT_MESSAGES };

import { eq } from 'drizzle-orm';
import * as v from 'valibot';
import { campaignHref } from '~/lib/campaignDisplay';
import { CampaignStatus } from '~/lib/enums';
import { REPORT_MESSAGES, reportSchema } from '~/lib/schemas/report';
import { getDb } from '~/lib/server/db';
import { campaigns, organisations } from '~/lib/server/db/schema';
import { checkFormStamp, signFormStamp } from '~/lib/server/donations/form';
import { HttpError } from '~/lib/server/http/errors';
import { createReport } from './reports';

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

export interface ReportSubject {
  kind: 'campaign' | 'organisation';
  id: string;
  name: string;
  href: string;
}

/** What `?campaign={url}` or `?organisation={url}` names, if anyone may see it. */
export async function findReportSubject(search: URLSearchParams): Promise<ReportSubject | null> {
  const db = await getDb();
  const campaignUrl = search.get('campaign')?.trim().toLowerCase();
  if (campaignUrl) {
    const [c] = await db
      .select({
        id: campaigns.id,
        name: campaigns.name,
        url: campaigns.url,
        published: campaigns.published,
        status: campaigns.status,
      })
      .from(campaigns)
      .where(eq(campaigns.url, campaignUrl));
    if (!c?.published || c.status === CampaignStatus.Hidden) return null;
    return { kind: 'campaign', id: c.id, name: c.name, href: campaignHref(c.url) };
  }
  const organisationUrl = search.get('organisation')?.trim().toLowerCase();
  if (!organisationUrl) return null;
  const [o] = await db
    .select({ id: organisations.id, name: organisations.legalName, url: organisations.url })
    .from(organisations)
    .where(eq(organisations.url, organisationUrl));
  return o
    ? { kind: 'organisation', id: o.id, name: o.name, href: `/organization/${encodeURIComponent(o.url)}` }
    : null;
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
  const parsed = v.safeParse(reportSchema, {
    campaignId: subject.kind === 'campaign' ? subject.id : null,
    organizationId: subject.kind === 'organisation' ? subject.id : null,
    reason: form.get('reason') ?? '',
    details: form.get('details') ?? '',
    email: form.get('email') ?? '',
  });
  if (!parsed.success) {
    const errors: Record<string, string> = {};
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key;
      if (typeof key === 'string' && !errors[key]) errors[key] = issue.message;
    }
    return refuse(400, null, errors);
  }
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

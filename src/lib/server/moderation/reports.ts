import { eq } from 'drizzle-orm';
import { campaignHref } from '~/lib/campaignDisplay';
import { GIVING_SAFELY_PATH } from '~/lib/campaignModeration';
import { CampaignStatus } from '~/lib/enums';
import { REPORT_REASON_LABELS, type ReportInput } from '~/lib/schemas/report';
import type { SessionUser } from '~/lib/server/accounts/session';
import { siteLink } from '~/lib/server/admin/notify';
import { getDb } from '~/lib/server/db';
import { campaigns, organisations, reports } from '~/lib/server/db/schema';
import { notFound } from '~/lib/server/http/errors';
import { sendMail } from '~/lib/server/mail/send';
import { recordAudit } from '~/lib/server/platform/audit';
import { assertCaptcha } from '~/lib/server/platform/captcha';
import { enforceRateLimits, type RateLimitRule, tooManyRequests } from '~/lib/server/platform/rateLimit';
import { reportReceivedEmail } from './reportMail';

/**
 * `POST /api/v1/reports` and the /report page's form (docs/api/reports.md): a visitor reports a
 * campaign or an organisation. Rate-limited per address and per reported campaign or organisation;
 * the API needs the captcha, the page's own form without JavaScript its guards instead (as the
 * donation form). 201; the reporter is mailed a confirmation when they gave an address.
 */

const HOUR = 60 * 60 * 1000;

export const REPORT_RATE_LIMITS = {
  /** One address reports at most this many times an hour (scaled: many people share an address). */
  address: { name: 'report:address', limit: 10, windowMs: HOUR, scaled: true },
  /** One campaign or organisation takes at most this many reports an hour: enough to raise it, not to flood the queue. */
  subject: { name: 'report:subject', limit: 20, windowMs: HOUR },
} as const satisfies Record<string, RateLimitRule>;

export const REPORT_NOT_FOUND = 'We could not find what you are reporting.';

export interface ReportOptions {
  user: SessionUser | null;
  remoteAddress: string | null;
  /** The /report page's own form: its honeypot and fill-time stand in for the captcha. */
  formGuarded?: boolean;
}

/** What a report names: a campaign anybody may see (published, not hidden), or an organisation. */
export interface ReportSubject {
  kind: 'campaign' | 'organisation';
  id: string;
  name: string;
  /** Its public page. */
  href: string;
}

/** The campaign or organisation a report names, by id or by url; null when there is none anybody may see. */
export async function findReportSubject(
  kind: ReportSubject['kind'],
  by: { id: string } | { url: string },
): Promise<ReportSubject | null> {
  const db = await getDb();
  if (kind === 'campaign') {
    const [c] = await db
      .select({
        id: campaigns.id,
        name: campaigns.name,
        url: campaigns.url,
        published: campaigns.published,
        status: campaigns.status,
      })
      .from(campaigns)
      .where('id' in by ? eq(campaigns.id, by.id) : eq(campaigns.url, by.url));
    if (!c?.published || c.status === CampaignStatus.Hidden) return null;
    return { kind, id: c.id, name: c.name, href: campaignHref(c.url) };
  }
  const [o] = await db
    .select({ id: organisations.id, name: organisations.legalName, url: organisations.url })
    .from(organisations)
    .where('id' in by ? eq(organisations.id, by.id) : eq(organisations.url, by.url));
  return o ? { kind, id: o.id, name: o.name, href: `/organization/${encodeURIComponent(o.url)}` } : null;
}

async function subjectOf(input: ReportInput): Promise<ReportSubject> {
  const subject = input.campaignId
    ? await findReportSubject('campaign', { id: input.campaignId })
    : await findReportSubject('organisation', { id: input.organizationId ?? '' });
  if (!subject) throw notFound(REPORT_NOT_FOUND);
  return subject;
}

export async function createReport(input: ReportInput, options: ReportOptions): Promise<{ id: string }> {
  const subject = await subjectOf(input);
  await enforceRateLimits(
    [
      ...(options.remoteAddress
        ? [{ rule: REPORT_RATE_LIMITS.address, subject: options.remoteAddress }]
        : []),
      { rule: REPORT_RATE_LIMITS.subject, subject: subject.id },
    ],
    tooManyRequests,
  );
  if (!options.formGuarded && !options.user) await assertCaptcha(input.recaptchaToken, options.remoteAddress);
  const email = input.email?.trim() || null;
  const db = await getDb();
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(reports)
      .values({
        campaignId: subject.kind === 'campaign' ? subject.id : null,
        organisationId: subject.kind === 'organisation' ? subject.id : null,
        reason: input.reason,
        details: input.details,
        email,
        userId: options.user?.id ?? null,
      })
      .returning({ id: reports.id });
    if (!row) throw new Error('The report was not saved.');
    await recordAudit(
      {
        actorId: options.user?.id ?? null,
        action: 'report-create',
        entity: 'report',
        entityId: row.id,
        details: {
          [subject.kind === 'campaign' ? 'campaignId' : 'organisationId']: subject.id,
          reason: input.reason,
        },
      },
      tx,
    );
    if (email)
      // Anyone can name any address here: the mail counts against the recipient's cap.
      await sendMail(
        {
          to: email,
          ...reportReceivedEmail({
            subjectName: subject.name,
            reasonLabel: REPORT_REASON_LABELS[input.reason],
            link: siteLink(GIVING_SAFELY_PATH),
          }),
        },
        { tx, capped: true },
      );
    return row.id;
  });
  return { id };
}

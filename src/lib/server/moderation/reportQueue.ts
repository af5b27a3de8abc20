import { and, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { campaignHref } from '~/lib/campaignDisplay';
import type { ReportGroup } from '~/lib/contracts/reports';
import { ReportStatus } from '~/lib/enums';
import { REPORT_REASON_LABELS } from '~/lib/schemas/report';
import type { SessionUser } from '~/lib/server/accounts/session';
import { organisationOwners, siteLink, userRecipient } from '~/lib/server/admin/notify';
import { campaignHitOf, selectCampaignHits } from '~/lib/server/admin/search';
import { getDb } from '~/lib/server/db';
import { campaigns, organisations, reports } from '~/lib/server/db/schema';
import { badRequest, notFound } from '~/lib/server/http/errors';
import { uuidOrNull } from '~/lib/server/http/ids';
import { sendMail } from '~/lib/server/mail/send';
import { recordAudit } from '~/lib/server/platform/audit';
import { askOwnerEmail } from './reportMail';

/** The back office's reports queue (docs/api/reports.md): open reports grouped per campaign or organisation. */

export type ReportKind = ReportGroup['kind'];

export const REPORT_QUEUE_MESSAGES = {
  notFound: 'There are no open reports about this.',
  kind: 'Reports are about a campaign or an organisation.',
  dismissed: 'The reports were dismissed.',
  handled: 'The reports were marked handled.',
  asked: 'The owner was asked for information.',
} as const;

const subjectColumn = (kind: ReportKind) =>
  kind === 'campaign' ? reports.campaignId : reports.organisationId;

export function reportKindOf(value: string | undefined): ReportKind {
  if (value === 'campaign' || value === 'organisation') return value;
  throw notFound(REPORT_QUEUE_MESSAGES.kind);
}

/** `GET /admin/reports`: every open report, grouped, the group with the newest report first. */
export async function listReportGroups(): Promise<ReportGroup[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(reports)
    .where(eq(reports.status, ReportStatus.Open))
    .orderBy(desc(reports.createdAt))
    .limit(2000);
  const groups = new Map<string, ReportGroup>();
  for (const r of rows) {
    const kind: ReportKind = r.campaignId ? 'campaign' : 'organisation';
    const id = (r.campaignId ?? r.organisationId) as string;
    const key = `${kind}:${id}`;
    let group = groups.get(key);
    if (!group) {
      group = {
        kind,
        id,
        name: '',
        href: '',
        count: 0,
        reasons: {},
        latestAt: r.createdAt.toISOString(),
        reports: [],
        campaign: null,
      };
      groups.set(key, group);
    }
    group.count += 1;
    group.reasons[r.reason] = (group.reasons[r.reason] ?? 0) + 1;
    group.reports.push({
      id: r.id,
      reason: r.reason,
      reasonLabel: REPORT_REASON_LABELS[r.reason as keyof typeof REPORT_REASON_LABELS] ?? r.reason,
      details: r.details,
      email: r.email,
      createdAt: r.createdAt.toISOString(),
    });
  }
  const list = [...groups.values()];
  const campaignIds = list.filter((g) => g.kind === 'campaign').map((g) => g.id);
  const organisationIds = list.filter((g) => g.kind === 'organisation').map((g) => g.id);
  const [hits, orgs] = await Promise.all([
    campaignIds.length
      ? selectCampaignHits(db).where(inArray(campaigns.id, campaignIds))
      : Promise.resolve([]),
    organisationIds.length
      ? db
          .select({ id: organisations.id, name: organisations.legalName, url: organisations.url })
          .from(organisations)
          .where(inArray(organisations.id, organisationIds))
      : Promise.resolve([]),
  ]);
  for (const group of list) {
    if (group.kind === 'campaign') {
      const hit = hits.find((h) => h.id === group.id);
      if (!hit) continue;
      group.campaign = campaignHitOf(hit);
      group.name = hit.name;
      group.href = campaignHref(hit.url);
    } else {
      const org = orgs.find((o) => o.id === group.id);
      if (!org) continue;
      group.name = org.name;
      group.href = `/organization/${encodeURIComponent(org.url)}`;
    }
  }
  return list;
}

async function openReportIds(kind: ReportKind, id: string): Promise<string[]> {
  const subjectId = uuidOrNull(id);
  if (!subjectId) throw notFound(REPORT_QUEUE_MESSAGES.notFound);
  const db = await getDb();
  const rows = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(subjectColumn(kind), subjectId),
        eq(reports.status, ReportStatus.Open),
        isNotNull(subjectColumn(kind)),
      ),
    );
  if (rows.length === 0) throw notFound(REPORT_QUEUE_MESSAGES.notFound);
  return rows.map((r) => r.id);
}

/** Closes the open reports of a campaign or organisation: Dismissed (nothing to do) or Actioned (staff acted). One audit entry. */
export async function closeReports(
  admin: SessionUser,
  kind: ReportKind,
  id: string,
  outcome: 'dismissed' | 'handled',
  note: string,
): Promise<number> {
  const ids = await openReportIds(kind, id);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const closed = await tx
      .update(reports)
      .set({
        status: outcome === 'dismissed' ? ReportStatus.Dismissed : ReportStatus.Actioned,
        decidedById: admin.id,
        decidedAt: new Date(),
      })
      .where(and(inArray(reports.id, ids), eq(reports.status, ReportStatus.Open)))
      .returning({ id: reports.id });
    if (closed.length === 0) throw notFound(REPORT_QUEUE_MESSAGES.notFound);
    await recordAudit(
      {
        actorId: admin.id,
        action: outcome === 'dismissed' ? 'admin-reports-dismiss' : 'admin-reports-handled',
        entity: kind,
        entityId: id,
        details: { reports: closed.length, note },
        before: { open: closed.length },
        after: { open: 0, status: outcome },
      },
      tx,
    );
    return closed.length;
  });
}

/** Mails the campaign's owner (or the organisation's Owners) staff's question; the reports stay open. One audit entry. */
export async function askOwner(
  admin: SessionUser,
  kind: ReportKind,
  id: string,
  message: string,
): Promise<void> {
  await openReportIds(kind, id);
  const db = await getDb();
  let recipients: { email: string; firstName: string }[] = [];
  let name = '';
  let link = '';
  if (kind === 'campaign') {
    const [c] = await db
      .select({ name: campaigns.name, url: campaigns.url, ownerId: campaigns.ownerId })
      .from(campaigns)
      .where(eq(campaigns.id, id));
    if (!c) throw notFound(REPORT_QUEUE_MESSAGES.notFound);
    const owner = await userRecipient(c.ownerId);
    recipients = owner ? [owner] : [];
    name = c.name;
    link = siteLink(campaignHref(c.url));
  } else {
    const [o] = await db
      .select({ name: organisations.legalName, url: organisations.url })
      .from(organisations)
      .where(eq(organisations.id, id));
    if (!o) throw notFound(REPORT_QUEUE_MESSAGES.notFound);
    recipients = await organisationOwners(id);
    name = o.name;
    link = siteLink(`/organization/${encodeURIComponent(o.url)}`);
  }
  if (recipients.length === 0)
    throw badRequest('Nobody can be mailed about this: it has no owner on Letsema.');
  // The audit entry and the mails together: the log never shows a question nobody was sent.
  await db.transaction(async (tx) => {
    await recordAudit(
      {
        actorId: admin.id,
        action: 'admin-reports-ask-owner',
        entity: kind,
        entityId: id,
        details: { message, to: recipients.map((r) => r.email) },
      },
      tx,
    );
    for (const to of recipients)
      await sendMail(
        { to: to.email, ...askOwnerEmail({ firstName: to.firstName, subjectName: name, message, link }) },
        { tx, capped: false },
      );
  });
}

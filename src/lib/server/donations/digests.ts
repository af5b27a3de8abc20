import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import { DonationStatus } from '~/lib/enums';
import { getDb } from '~/lib/server/db';
import { withCampaignSettingsAndOwner } from '~/lib/server/db/joins';
import { campaigns, donations } from '~/lib/server/db/schema';
import type { Db } from '~/lib/server/db/types';
import { sendMail } from '~/lib/server/mail/send';
import { log } from '~/lib/server/platform/log';
import { loadRefundedOf } from '~/lib/server/refunds/refundedOf';
import { NotificationFrequency, ownerCampaignOf, ownerLineOf, ownerMailColumns } from './mail';
import { donationDigestEmail } from './mailTemplates';

/**
 * Daily and weekly donation summaries for campaign owners (notificationFrequency
 * 2 and 3; docs/api/donations.md "Mail"). platform/jobs.ts runs this every 15
 * minutes in each server process. Two claims keep processes apart: the campaign's
 * `last_donation_digest_at` moves only where it is still due, and each donation's
 * `owner_notified_at` is set in the same transaction, with the summary's mail queued, so a
 * donation is reported once.
 * A campaign another process is claiming right now is skipped (SKIP LOCKED), not
 * waited for: processes running at once share the due campaigns between them.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_MS = { daily: DAY_MS, weekly: 7 * DAY_MS } as const;

type Period = keyof typeof PERIOD_MS;

/** Campaigns whose summary period has passed since the last one (or that never had one). */
function dueWhere(now: Date) {
  const dueFor = (frequency: number, period: Period) =>
    and(
      eq(campaigns.notificationFrequency, frequency),
      or(
        isNull(campaigns.lastDonationDigestAt),
        lte(campaigns.lastDonationDigestAt, new Date(now.getTime() - PERIOD_MS[period])),
      ),
    );
  return or(dueFor(NotificationFrequency.Daily, 'daily'), dueFor(NotificationFrequency.Weekly, 'weekly'));
}

// An accepted donation of the outer `campaigns` row not yet reported to its owner
// (the partial index donations_owner_unnotified_idx serves exactly this).
const hasUnreported = sql`exists (
  select 1 from donations d where d.campaign_id = "campaigns"."id"
  and d.status = ${DonationStatus.Accepted} and d.owner_notified_at is null
)`;

/**
 * Claims a campaign's summary and queues its mail, in one transaction: its unreported donations
 * are marked reported if and only if the summary listing them is on its way. False when there was
 * nothing to claim (another process was first, or no donation is unreported).
 */
async function sendDigest(db: Db, campaignId: string, period: Period, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [due] = await tx
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), dueWhere(now)))
      .for('update', { skipLocked: true });
    if (!due) return false;
    const rows = await tx
      .update(donations)
      .set({ ownerNotifiedAt: now })
      .where(
        and(
          eq(donations.campaignId, campaignId),
          eq(donations.status, DonationStatus.Accepted),
          isNull(donations.ownerNotifiedAt),
        ),
      )
      .returning();
    // Nothing to report: the period keeps running, so the next donation goes out on the next run.
    if (rows.length === 0) return false;
    await tx.update(campaigns).set({ lastDonationDigestAt: now }).where(eq(campaigns.id, campaignId));
    const [campaign] = await withCampaignSettingsAndOwner(
      tx.select(ownerMailColumns).from(campaigns).$dynamic(),
    ).where(eq(campaigns.id, campaignId));
    if (!campaign) throw new Error('The campaign has no settings or owner.');
    const newestFirst = [...rows].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
    );
    // A gift refunded before its summary goes out is still listed, with what went back (refunds/refundedOf.ts).
    const refunded = await loadRefundedOf(
      newestFirst.map((r) => r.id),
      tx,
    );
    const message = donationDigestEmail(ownerCampaignOf(campaign), {
      period,
      lines: newestFirst.map((row) => ({
        ...ownerLineOf(row),
        refundedCampaignCents: refunded.get(row.id)?.campaignAmount ?? 0,
      })),
    });
    // A summary of real payments: never capped (mail/send.ts).
    await sendMail({ to: campaign.ownerEmail, ...message }, { tx, capped: false });
    return true;
  });
}

/**
 * Mails every owner whose daily (frequency 2) or weekly (3) summary is due and
 * who has accepted donations not yet reported; returns how many mails went out.
 * Campaigns that never mail (0 or null) are not looked at, so their donations stay unclaimed.
 */
export async function sendDueDonationDigests(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const due = await db
    .select({ id: campaigns.id, frequency: campaigns.notificationFrequency })
    .from(campaigns)
    .where(and(dueWhere(now), hasUnreported));
  let sent = 0;
  for (const campaign of due) {
    const period: Period = campaign.frequency === NotificationFrequency.Weekly ? 'weekly' : 'daily';
    try {
      if (await sendDigest(db, campaign.id, period, now)) sent += 1;
    } catch (error) {
      log.warn(
        { area: 'donations', campaignId: campaign.id, period, err: error },
        'Donation summary not sent',
      );
    }
  }
  return sent;
}

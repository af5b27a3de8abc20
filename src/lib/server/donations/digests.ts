import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { DonationStatus } from '~/lib/enums';
import { getDb } from '~/lib/server/db';
import { campaignSettings, campaigns, donations, users } from '~/lib/server/db/schema';
import type { Db } from '~/lib/server/db/types';
import { log } from '~/lib/server/platform/log';
import { sendMail } from '~/lib/server/platform/mail';
import { loadRefundedOf } from '~/lib/server/refunds/refundedOf';
import { NotificationFrequency, ownerCampaignOf, ownerLineOf, ownerMailColumns } from './mail';
import { donationDigestEmail } from './mailTemplates';

/**
 * Daily and weekly donation summaries for campaign owners (notificationFrequency
 * 2 and 3; docs/api/donations.md "Mail"). platform/jobs.ts runs this every 15
 * minutes in each server process. Two claims keep processes apart: the campaign's
 * `last_donation_digest_at` moves only where it is still due, and each donation's
 * `owner_notified_at` is set in the same transaction, so a donation is reported once.
 * A campaign another process is claiming right now is skipped (SKIP LOCKED), not
 * waited for: processes running at once share the due campaigns between them.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const PERIOD_MS = { daily: DAY_MS, weekly: 7 * DAY_MS } as const;

type Period = keyof typeof PERIOD_MS;
type DonationRow = typeof donations.$inferSelect;

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

/** Claims a campaign's summary: its unreported donations, or none when another process was first. */
async function claimDigest(
  db: Db,
  campaignId: string,
  now: Date,
): Promise<{ rows: DonationRow[]; previous: Date | null } | null> {
  return db.transaction(async (tx) => {
    const [campaign] = await tx
      .select({ last: campaigns.lastDonationDigestAt })
      .from(campaigns)
      .where(and(eq(campaigns.id, campaignId), dueWhere(now)))
      .for('update', { skipLocked: true });
    if (!campaign) return null;
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
    if (rows.length === 0) return null;
    await tx.update(campaigns).set({ lastDonationDigestAt: now }).where(eq(campaigns.id, campaignId));
    return { rows, previous: campaign.last };
  });
}

/** Undoes a claim whose mail failed, so the next run tries again with the same donations. */
async function releaseDigest(
  db: Db,
  campaignId: string,
  ids: string[],
  previous: Date | null,
): Promise<void> {
  try {
    await db.transaction(async (tx) => {
      await tx.update(donations).set({ ownerNotifiedAt: null }).where(inArray(donations.id, ids));
      await tx.update(campaigns).set({ lastDonationDigestAt: previous }).where(eq(campaigns.id, campaignId));
    });
  } catch (error) {
    log.warn({ area: 'donations', campaignId, err: error }, 'Summary claim not released');
  }
}

async function sendDigest(db: Db, campaignId: string, period: Period, now: Date): Promise<boolean> {
  const claim = await claimDigest(db, campaignId, now);
  if (!claim) return false;
  try {
    const [campaign] = await db
      .select(ownerMailColumns)
      .from(campaigns)
      .innerJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id))
      .innerJoin(users, eq(users.id, campaigns.ownerId))
      .where(eq(campaigns.id, campaignId));
    if (!campaign) throw new Error('The campaign has no settings or owner.');
    const newestFirst = [...claim.rows].sort(
      (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id),
    );
    // A gift refunded before its summary goes out is still listed, with what went back (refunds/refundedOf.ts).
    const refunded = await loadRefundedOf(
      newestFirst.map((r) => r.id),
      db,
    );
    const message = donationDigestEmail(ownerCampaignOf(campaign), {
      period,
      lines: newestFirst.map((row) => ({
        ...ownerLineOf(row),
        refundedCampaignCents: refunded.get(row.id)?.campaignAmount ?? 0,
      })),
    });
    // A summary of real payments: never capped (platform/mail.ts).
    await sendMail({ to: campaign.ownerEmail, ...message }, { capped: false });
    return true;
  } catch (error) {
    await releaseDigest(
      db,
      campaignId,
      claim.rows.map((r) => r.id),
      claim.previous,
    );
    throw error;
  }
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

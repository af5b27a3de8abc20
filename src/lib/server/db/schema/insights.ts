import { sql } from 'drizzle-orm';
import { check, date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { REFERRAL_CHANNELS } from '~/lib/referralChannels';
import { campaigns } from './campaigns';
import { cents, createdAt, ownedBy } from './columns';

const channelList = sql.raw(REFERRAL_CHANNELS.map((c) => `'${c}'`).join(', '));

/**
 * Page views of a campaign's public page, per South African day: a number and nothing else (no
 * cookie, no address, no agent). Counted by the HTTP server in front of the page cache and added
 * here in batches (src/lib/server/insights/pageViews.ts).
 */
export const campaignPageViews = pgTable(
  'campaign_page_views',
  {
    campaignId: ownedBy(() => campaigns.id),
    day: date({ mode: 'string' }).notNull(),
    views: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.day] })],
);

/**
 * The ledger summed per campaign, South African day (of the gift's settlement) and channel, kept by
 * triggers on donations and donation_refunds in the same transaction (migration 0015), so the
 * dashboard reads a few hundred rows instead of a campaign's every donation. `amount` is in the
 * campaign's currency, net of refunds and lost disputes; `donations` counts accepted gifts not
 * refunded in full; `newDonors` the people whose first gift to the campaign that was, and
 * `returningDonors` those who had given to it on an earlier day (once per person per day).
 */
export const campaignInsightDays = pgTable(
  'campaign_insight_days',
  {
    campaignId: ownedBy(() => campaigns.id),
    day: date({ mode: 'string' }).notNull(),
    channel: text().notNull(),
    amount: cents().notNull().default(0),
    donations: integer().notNull().default(0),
    newDonors: integer().notNull().default(0),
    returningDonors: integer().notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.day, t.channel] }),
    check('campaign_insight_days_channel_check', sql`${t.channel} in (${channelList})`),
  ],
);

/**
 * The milestone and nudge mails a campaign's owner was sent (issue 26): one row per kind, written
 * before the mail goes, so two processes settling donations at once send it once. Kinds: 'first',
 * 'target-25', 'target-50', 'target-75', 'target-100', and 'quiet-{day of the last gift}' (one
 * nudge per quiet spell).
 */
export const campaignMilestones = pgTable(
  'campaign_milestones',
  {
    campaignId: ownedBy(() => campaigns.id),
    kind: text().notNull(),
    sentAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.kind] })],
);

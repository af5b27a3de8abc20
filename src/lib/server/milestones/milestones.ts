import { sql } from 'drizzle-orm';
import { southAfricanDate } from '~/lib/dates';
import { CampaignStatus } from '~/lib/enums';
import { isUuid } from '~/lib/ids';
import { fromCents } from '~/lib/money';
import type { OwnerMailKind } from '~/lib/ownerMail';
import { getDb } from '~/lib/server/db';
import { rowsOf } from '~/lib/server/db/rows';
import type { DbOrTx } from '~/lib/server/db/types';
import { sendMail } from '~/lib/server/mail/send';
import {
  type Milestone,
  type MilestoneCampaign,
  milestoneEmail,
  optOutKindOf,
  quietEmail,
} from './milestoneMail';

/**
 * Milestone and nudge mails to a campaign's owner (issue 26, docs/api/milestones.md): the first
 * donation, 25, 50, 75 and 100 % of the target, and a nudge after 7 days without a donation. Each
 * is claimed by a row in campaign_milestones (INSERT … ON CONFLICT DO NOTHING RETURNING), in the
 * transaction that queues its mail, so of several processes settling gifts at once exactly one
 * mails it, and a claim never stands without its mail. A kind the owner turned off is still
 * claimed, and never sent later.
 */

export const QUIET_DAYS = 7;
const TARGET_STEPS = [25, 50, 75, 100] as const;

interface Facts extends MilestoneCampaign {
  optOuts: string[];
  deleted: boolean;
  email: string;
}

/**
 * What the mails say of a campaign: raised as its page shows it (the ledger's, kept in raised_cents,
 * plus what the owner raised offline), its donations, the owner.
 */
async function factsOf(campaignId: string, db?: DbOrTx): Promise<Facts | null> {
  const [row] = await rowsOf<{
    id: string;
    name: string;
    url: string;
    currency_id: number;
    owner_id: string;
    first_name: string;
    email: string;
    deleted: boolean;
    opt_outs: string[];
    raised_cents: string;
    target_cents: string;
    donations: number;
  }>(
    db ?? (await getDb()),
    sql`
    select c.id, c.name, c.url, coalesce(cs.currency_id, 1) as currency_id, c.owner_id, u.first_name, u.email,
      u.deleted_at is not null as deleted, u.owner_mail_opt_outs as opt_outs,
      (c.raised_cents + c.offline_donations)::text as raised_cents, c.donation_target::text as target_cents,
      coalesce((select sum(i.donations) from campaign_insight_days i where i.campaign_id = c.id), 0)::int as donations
    from campaigns c join users u on u.id = c.owner_id left join campaign_settings cs on cs.campaign_id = c.id
    where c.id = ${campaignId}`,
  );
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    url: row.url,
    currencyId: row.currency_id,
    ownerId: row.owner_id,
    ownerFirstName: row.first_name,
    email: row.email,
    deleted: row.deleted,
    optOuts: row.opt_outs ?? [],
    raised: fromCents(Number(row.raised_cents)),
    target: fromCents(Number(row.target_cents)),
    donations: row.donations,
  };
}

/**
 * The milestones a campaign has passed: its first donation (only when `firstGift`: this gift is the
 * campaign's earliest, so a campaign that had gifts before these mails existed gets no late one),
 * and each quarter of a target it has one.
 */
export function milestonesReached(
  facts: Pick<Facts, 'donations' | 'raised' | 'target'>,
  firstGift: boolean,
): Milestone[] {
  const reached: Milestone[] = facts.donations > 0 && firstGift ? ['first'] : [];
  if (facts.target > 0) {
    for (const step of TARGET_STEPS) {
      if (Math.round(facts.raised * 100) * 100 >= Math.round(facts.target * 100) * step)
        reached.push(`target-${step}`);
    }
  }
  return reached;
}

/**
 * Of milestones claimed together (one gift passing several), the one worth a mail: the highest of
 * those the owner still wants (with target mails turned off, the first donation's still comes).
 */
export function milestoneToMail(
  claimed: readonly string[],
  wanted: (kind: OwnerMailKind) => boolean,
): Milestone | null {
  const order: Milestone[] = ['target-100', 'target-75', 'target-50', 'target-25', 'first'];
  return order.find((m) => claimed.includes(m) && wanted(optOutKindOf(m))) ?? null;
}

async function claim(tx: DbOrTx, campaignId: string, kinds: readonly string[]): Promise<string[]> {
  if (kinds.length === 0) return [];
  const rows = await rowsOf<{ kind: string }>(
    tx,
    sql`
    insert into campaign_milestones (campaign_id, kind)
    select ${campaignId}::uuid, k from jsonb_array_elements_text(${JSON.stringify(kinds)}::jsonb) as k
    on conflict do nothing returning kind`,
  );
  return rows.map((r) => r.kind);
}

const mayMail = (facts: Facts, kind: OwnerMailKind): boolean =>
  !facts.deleted && facts.email !== '' && !facts.optOuts.includes(kind);

/**
 * After a donation was accepted (donations/mail.ts afterDonationSettled): claims the milestones the
 * campaign has now passed and mails the highest of those this call claimed. Resolves whether it mailed.
 */
export async function sendDueMilestones(donationId: string): Promise<boolean> {
  if (!isUuid(donationId)) return false;
  // Whether this is the campaign's earliest gift is asked only while 'first' is unclaimed: after
  // that, a settlement costs one key lookup here, not a sort of the campaign's donations.
  const [gift] = await rowsOf<{ campaign_id: string; earliest: boolean }>(
    await getDb(),
    sql`select d.campaign_id,
        case when exists (select 1 from campaign_milestones m where m.campaign_id = d.campaign_id and m.kind = 'first')
          then false
          else d.id = (select x.id from donations x where x.campaign_id = d.campaign_id and x.status = 1
            order by coalesce(x.settled_at, x.created_at), x.id limit 1)
        end as earliest
      from donations d where d.id = ${donationId} and d.status = 1`,
  );
  if (!gift) return false;
  const facts = await factsOf(gift.campaign_id);
  if (!facts) return false;
  const db = await getDb();
  // The claims and the mail commit together: if queuing fails, nothing is claimed and the next gift tries again.
  return db.transaction(async (tx) => {
    const claimed = await claim(tx, facts.id, milestonesReached(facts, gift.earliest));
    const chosen = milestoneToMail(claimed, (kind) => mayMail(facts, kind));
    if (!chosen) return false;
    const { subject, ...body } = milestoneEmail(facts, chosen);
    return sendMail({ to: facts.email, subject, ...body }, { tx, capped: false });
  });
}

/**
 * The nudge after 7 quiet days, for every live campaign whose last donation (or launch, without
 * any) was that long ago: one per quiet spell, its kind named by the day the quiet began. Run by
 * the background jobs; resolves how many it mailed.
 */
export async function sendQuietNudges(now: Date = new Date()): Promise<number> {
  const today = southAfricanDate(now);
  const db = await getDb();
  // Every nudge claimed and queued in one transaction: a failure leaves them all for the next run.
  return db.transaction(async (tx) => {
    const claimed = await rowsOf<{ campaign_id: string; since: string }>(
      tx,
      sql`
    with live as (
      select c.id, coalesce(
        (select max(i.day) from campaign_insight_days i where i.campaign_id = c.id and i.donations > 0),
        (c.launched_at at time zone 'Africa/Johannesburg')::date) as since
      from campaigns c left join campaign_settings cs on cs.campaign_id = c.id
      where c.published and c.launched_at is not null and c.status = ${CampaignStatus.Active}
        and (c.end_date is null or c.end_date > ${now.toISOString()}::timestamptz)
        and cs.donations_paused_at is null
    )
    insert into campaign_milestones (campaign_id, kind)
    select id, 'quiet-' || since::text from live where since <= ${today}::date - ${QUIET_DAYS}::int
    on conflict do nothing
    returning campaign_id, substring(kind from 7) as since`,
    );
    let mailed = 0;
    for (const { campaign_id: campaignId, since } of claimed) {
      const facts = await factsOf(campaignId, tx);
      if (!facts || !mayMail(facts, 'quiet')) continue;
      const days = Math.round((Date.parse(today) - Date.parse(since)) / 86_400_000);
      const { subject, ...body } = quietEmail(facts, days);
      if (await sendMail({ to: facts.email, subject, ...body }, { tx, capped: false })) mailed++;
    }
    return mailed;
  });
}

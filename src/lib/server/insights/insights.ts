import { type SQL, sql } from 'drizzle-orm';
import type { Insights, InsightsChannel, InsightsDay } from '~/lib/contracts/insights';
import { isCalendarDay, southAfricanDate } from '~/lib/dates';
import { Currency, RecurringStatus } from '~/lib/enums';
import { fromCents } from '~/lib/money';
import { REFERRAL_CHANNEL_LABELS, REFERRAL_CHANNELS, type ReferralChannel } from '~/lib/referralChannels';
import type { SessionUser } from '~/lib/server/accounts/session';
import { getDb } from '~/lib/server/db';
import { rowsOf } from '~/lib/server/db/rows';
import { findCampaignForDonations } from '~/lib/server/donations/ownerDonations';
import { badRequest } from '~/lib/server/http/errors';
import { findOrganisationFor } from '~/lib/server/organisations/access';
import { env } from '~/lib/server/platform/env';
import { channelsChart, dailyChart, progressChart } from './charts';

/**
 * The fundraiser's dashboard (issue 26, docs/api/insights.md): what a campaign, or all of an
 * organisation's campaigns, raised per day and channel, who gave and how many looked. It reads the
 * tallies the database keeps in the ledger's own transactions (campaign_insight_days, migration
 * 0015) and the page views (campaign_page_views), never a campaign's every donation, so a campaign
 * with a million gifts answers as fast as one with ten. The sums equal the ledger, refunds included.
 */

export const INSIGHTS_MESSAGES = {
  badDate: 'Dates must be written as YYYY-MM-DD, for example 2026-03-01.',
  order: 'The start date must be on or before the end date.',
} as const;

/** What the figures are of: campaigns, each with the factor that takes its cents to the dashboard's. */
interface Scope {
  kind: 'campaign' | 'organisation';
  id: string;
  name: string;
  currency: { id: number; symbol: string; ticker: string };
  target: number | null;
  /** The first day anything can have happened (the campaign's creation, the organisation's first campaign). */
  firstDay: string;
  /** `select campaign_id, to_unit`: the campaigns counted, with the factor to the dashboard's currency. */
  campaigns: SQL;
}

interface Range {
  from: string;
  to: string;
}

const dayAfter = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The range asked for, inside the scope's life: from its first day (or `from`) to today (or `to`). */
export function rangeOf(
  query: URLSearchParams,
  firstDay: string,
  today: string = southAfricanDate(new Date()),
): Range {
  const asked = (name: 'from' | 'to'): string | null => {
    const value = query.get(name)?.trim();
    if (!value) return null;
    if (!isCalendarDay(value))
      throw badRequest(INSIGHTS_MESSAGES.badDate, { [name]: [INSIGHTS_MESSAGES.badDate] });
    return value;
  };
  const from = asked('from');
  const to = asked('to');
  if (from && to && from > to) throw badRequest(INSIGHTS_MESSAGES.order, { from: [INSIGHTS_MESSAGES.order] });
  // A range wholly before the campaign began, or wholly to come, is one empty day.
  if (to && to < firstDay) return { from: to, to };
  if (from && from > today) return { from, to: from };
  return { from: from && from > firstDay ? from : firstDay, to: to && to < today ? to : today };
}

const currencyColumns = sql`cur.id, cur.symbol, cur.ticker`;

async function campaignScope(user: SessionUser, id: string): Promise<Scope> {
  const campaign = await findCampaignForDonations(user, id);
  const db = await getDb();
  const [row] = await rowsOf<{ id: number; symbol: string; ticker: string }>(
    db,
    sql`select ${currencyColumns} from campaign_settings cs join currencies cur on cur.id = cs.currency_id
      where cs.campaign_id = ${campaign.id}`,
  );
  return {
    kind: 'campaign',
    id: campaign.id,
    name: campaign.name,
    currency: row ?? { id: Currency.Rand, symbol: 'R', ticker: 'ZAR' },
    target: fromCents(campaign.donationTarget),
    firstDay: southAfricanDate(campaign.createdAt),
    campaigns: sql`select ${campaign.id}::uuid as campaign_id, 1::numeric as to_unit`,
  };
}

/** An organisation's campaigns, each converted to rand as the organisation's totals are (organisations/totals.ts). */
async function organisationScope(user: SessionUser, id: string): Promise<Scope> {
  const { organisation } = await findOrganisationFor(user, id, 'readDonations');
  const db = await getDb();
  const [first] = await rowsOf<{ created: string | Date | null }>(
    db,
    sql`select min(created_at) as created from campaigns where organisation_id = ${organisation.id}`,
  );
  return {
    kind: 'organisation',
    id: organisation.id,
    name: organisation.legalName,
    currency: { id: Currency.Rand, symbol: 'R', ticker: 'ZAR' },
    target: null,
    firstDay: southAfricanDate(first?.created ?? organisation.createdAt),
    campaigns: sql`select c.id as campaign_id,
        case when cs.currency_id = ${Currency.Dollar} then ${env.payments.usdToZarRate}::numeric else 1::numeric end as to_unit
      from campaigns c left join campaign_settings cs on cs.campaign_id = c.id
      where c.organisation_id = ${organisation.id}`,
  };
}

interface Tallies {
  days: { day: string; amount: string; donations: number }[];
  before: { amount: string | null }[];
  channels: { channel: ReferralChannel; amount: string; donations: number }[];
  donors: { new_donors: number | null; returning_donors: number | null }[];
  views: { day: string; views: number }[];
  monthly: { donors: number; committed: string | null }[];
}

async function loadTallies(scope: Scope, { from, to }: Range): Promise<Tallies> {
  const db = await getDb();
  const scoped = (table: SQL) => sql`${table} t join (${scope.campaigns}) s on s.campaign_id = t.campaign_id`;
  const inRange = sql`t.day between ${from}::date and ${to}::date`;
  const days = sql`campaign_insight_days`;
  const [daysRows, before, channels, donors, views, monthly] = await Promise.all([
    rowsOf<Tallies['days'][number]>(
      db,
      sql`select t.day::text as day, round(sum(t.amount * s.to_unit))::bigint::text as amount, sum(t.donations)::int as donations
        from ${scoped(days)} where ${inRange} group by t.day`,
    ),
    rowsOf<Tallies['before'][number]>(
      db,
      sql`select round(sum(t.amount * s.to_unit))::bigint::text as amount from ${scoped(days)} where t.day < ${from}::date`,
    ),
    rowsOf<Tallies['channels'][number]>(
      db,
      sql`select t.channel, round(sum(t.amount * s.to_unit))::bigint::text as amount, sum(t.donations)::int as donations
        from ${scoped(days)} where ${inRange} group by t.channel`,
    ),
    rowsOf<Tallies['donors'][number]>(
      db,
      sql`select sum(t.new_donors)::int as new_donors, sum(t.returning_donors)::int as returning_donors
        from ${scoped(days)} where ${inRange}`,
    ),
    rowsOf<Tallies['views'][number]>(
      db,
      sql`select t.day::text as day, sum(t.views)::int as views from ${scoped(sql`campaign_page_views`)}
        where ${inRange} group by t.day`,
    ),
    // What monthly donors give each month, in the campaign's currency (at the rate a charge would be
    // booked at, donations/rules.ts campaignAmountOf), then in the dashboard's.
    rowsOf<Tallies['monthly'][number]>(
      db,
      sql`select count(*)::int as donors, round(sum(r.amount * s.to_unit * case
            when r.currency_id = cs.currency_id then 1
            when r.currency_id = ${Currency.Dollar} then ${env.payments.usdToZarRate}::numeric
            else 1 / ${env.payments.usdToZarRate}::numeric end))::bigint::text as committed
        from recurring_donations r join (${scope.campaigns}) s on s.campaign_id = r.campaign_id
        left join campaign_settings cs on cs.campaign_id = r.campaign_id
        where r.status = ${RecurringStatus.Active}`,
    ),
  ]);
  return { days: daysRows, before, channels, donors, views, monthly };
}

/** Every day of the range, quiet ones too, with what was raised up to its end. */
function dailySeries(tallies: Tallies, { from, to }: Range): InsightsDay[] {
  const amounts = new Map(tallies.days.map((d) => [d.day, d]));
  const views = new Map(tallies.views.map((v) => [v.day, v.views]));
  let cumulative = Number(tallies.before[0]?.amount ?? 0);
  const series: InsightsDay[] = [];
  for (let day = from; day <= to; day = dayAfter(day)) {
    const tally = amounts.get(day);
    const cents = Number(tally?.amount ?? 0);
    cumulative += cents;
    series.push({
      date: day,
      amount: fromCents(cents),
      donations: tally?.donations ?? 0,
      views: views.get(day) ?? 0,
      cumulative: fromCents(cumulative),
    });
  }
  return series;
}

function channelList(tallies: Tallies): InsightsChannel[] {
  const order = (c: ReferralChannel) => REFERRAL_CHANNELS.indexOf(c);
  return tallies.channels
    .filter((c) => c.donations > 0 || Number(c.amount) !== 0)
    .map((c) => ({
      channel: c.channel,
      label: REFERRAL_CHANNEL_LABELS[c.channel],
      amount: fromCents(Number(c.amount)),
      donations: c.donations,
    }))
    .sort((a, b) => b.amount - a.amount || b.donations - a.donations || order(a.channel) - order(b.channel));
}

async function insightsOf(scope: Scope, query: URLSearchParams): Promise<Insights> {
  const range = rangeOf(query, scope.firstDay);
  const tallies = await loadTallies(scope, range);
  const daily = dailySeries(tallies, range);
  const channels = channelList(tallies);
  const amount = fromCents(tallies.days.reduce((sum, d) => sum + Number(d.amount), 0));
  const donations = daily.reduce((sum, d) => sum + d.donations, 0);
  const views = daily.reduce((sum, d) => sum + d.views, 0);
  const donors = tallies.donors[0];
  const monthly = tallies.monthly[0];
  return {
    subject: { kind: scope.kind, id: scope.id, name: scope.name },
    currency: scope.currency,
    target: scope.target,
    from: range.from,
    to: range.to,
    totals: {
      amount,
      donations,
      views,
      conversion: views > 0 ? Math.round((donations / views) * 1000) / 10 : null,
      raisedToDate: daily.at(-1)?.cumulative ?? 0,
    },
    daily,
    channels,
    donors: {
      new: donors?.new_donors ?? 0,
      returning: donors?.returning_donors ?? 0,
      averageGift: donations > 0 ? fromCents(Math.round((amount * 100) / donations)) : null,
      monthly: monthly?.donors ?? 0,
      monthlyCommitted: fromCents(Number(monthly?.committed ?? 0)),
    },
    charts: {
      daily: dailyChart(daily, scope.currency),
      progress: progressChart(daily, scope.target, scope.currency),
      channels: channelsChart(channels, scope.currency),
    },
  };
}

/**
 * `GET /campaigns/{id}/insights?from&to`: the owner, the campaign's team, the organisation's Owners
 * and Admins, and platform admins; 404 'Campaign not found.', then 403 for anyone else.
 */
export async function campaignInsights(
  user: SessionUser,
  id: string,
  query: URLSearchParams,
): Promise<Insights> {
  return insightsOf(await campaignScope(user, id), query);
}

/** `GET /organizations/{id}/insights?from&to`: the organisation's Owners and Admins (and platform admins), in rand. */
export async function organisationInsights(
  user: SessionUser,
  id: string,
  query: URLSearchParams,
): Promise<Insights> {
  return insightsOf(await organisationScope(user, id), query);
}

import type { ReferralChannel } from '~/lib/referralChannels';

/**
 * The fundraiser's dashboard (issue 26, docs/api/insights.md): `GET /campaigns/{id}/insights` and
 * `GET /organizations/{id}/insights`. Amounts in the currency's units (rand, dollars), net of
 * refunds; a campaign's in its own currency, an organisation's in rand.
 */

/** One South African day of the range; every day is listed, quiet ones with zeros. */
export interface InsightsDay {
  /** YYYY-MM-DD. */
  date: string;
  amount: number;
  donations: number;
  /** Views of the campaign page (organisation: of its campaigns' pages). */
  views: number;
  /** Everything raised on the platform up to the end of this day, from the campaign's first gift. */
  cumulative: number;
}

export interface InsightsChannel {
  channel: ReferralChannel;
  label: string;
  amount: number;
  donations: number;
}

export interface InsightsDonors {
  /** People whose first gift (to the campaign) fell in the range. */
  new: number;
  /** People who gave again in the range, having given before (once per person and day). */
  returning: number;
  /** Amount ÷ donations in the range; null without donations. */
  averageGift: number | null;
  /** Monthly donations running now, and what they bring each month (in the dashboard's currency). */
  monthly: number;
  monthlyCommitted: number;
}

/** Server-drawn SVG (title, description, no script): the island shows it as it is. */
export interface InsightsCharts {
  /** Raised per day (a week or a month per bar over long ranges). */
  daily: string;
  /** Raised up to each day, against the target. */
  progress: string;
  channels: string;
}

export interface Insights {
  /** What the figures are of. */
  subject: { kind: 'campaign' | 'organisation'; id: string; name: string };
  currency: { id: number; symbol: string; ticker: string };
  /** The campaign's target (0 without one; null for an organisation). */
  target: number | null;
  /** The range, inclusive, as South African days. */
  from: string;
  to: string;
  totals: {
    amount: number;
    donations: number;
    views: number;
    /** Donations per 100 page views in the range; null without views. */
    conversion: number | null;
    /** All raised on the platform up to `to` (the cumulative line's end). */
    raisedToDate: number;
  };
  daily: InsightsDay[];
  /** Channels that brought a donation in the range, the largest amount first. */
  channels: InsightsChannel[];
  donors: InsightsDonors;
  charts: InsightsCharts;
}

/**
 * An event's public page (/event/{slug}, docs/api/events.md): the event, what its public campaigns
 * raised together and those campaigns ranked. Types only.
 */
import type { CampaignCard } from './campaigns';
import type { EventLookup } from './lookups';

/** What the event's public campaigns (launched, public, not hidden) add up to. */
export interface EventTotals {
  /** Accepted donations less the refund ledger, each campaign's currency converted to rand. */
  raised: number;
  /** Raised outside the platform, as the campaigns' owners entered it, in rand. */
  offline: number;
  campaigns: number;
  /** Distinct donors over all those campaigns (a donor of two counts once). */
  donors: number;
}

/** A campaign in an event's ranking: its card, and the figures it is ranked by. */
export interface EventCampaignRank {
  rank: number;
  campaign: CampaignCard;
  /** Raised on the platform less refunds, in the campaign's own currency (what the ranking compares, in rand). */
  raised: number;
  donors: number;
}

export interface EventPage {
  event: EventLookup;
  totals: EventTotals;
  /** The top campaigns by amount raised on the platform (net of refunds, compared in rand), most first. */
  byRaised: EventCampaignRank[];
  /** The top campaigns by number of donors, most first. */
  byDonors: EventCampaignRank[];
}

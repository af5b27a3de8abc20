import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { EventCampaignRank } from '~/lib/contracts/events';
import { fromCents } from '~/lib/money';
import {
  findCampaignCards,
  publiclySearchable,
  raisedCentsSql,
  uniqueDonorsSql,
} from '~/lib/server/campaigns/cards';
import { getDb } from '~/lib/server/db';
import { campaignSettings, campaigns } from '~/lib/server/db/schema';
import { toRandFactorSql } from '~/lib/server/organisations/totals';

/** How many campaigns each of an event's rankings lists. */
export const EVENT_RANKING_SIZE = 20;

export type EventRankingOrder = 'raised' | 'donors';

const raisedRandCents = sql<number>`round(${raisedCentsSql} * ${toRandFactorSql(sql`${campaignSettings.currencyId}`)})`;

/** The ids and figures of the event's top public campaigns in one order (the id breaks ties). */
async function rankedRows(eventId: number, order: EventRankingOrder, limit: number) {
  const db = await getDb();
  const byRaised = [desc(raisedRandCents), desc(uniqueDonorsSql)];
  const byDonors = [desc(uniqueDonorsSql), desc(raisedRandCents)];
  return db
    .select({ id: campaigns.id, raised: raisedCentsSql, donors: uniqueDonorsSql })
    .from(campaigns)
    .innerJoin(campaignSettings, eq(campaignSettings.campaignId, campaigns.id))
    .where(and(eq(campaigns.eventId, eventId), publiclySearchable))
    .orderBy(...(order === 'raised' ? byRaised : byDonors), asc(campaigns.id))
    .limit(limit);
}

/**
 * The event's public campaigns ranked by amount raised (the ledger less refunds, compared in rand)
 * and by donors, the top `limit` of each, as campaign cards with the figures they are ranked by.
 */
export async function rankEventCampaigns(
  eventId: number,
  limit: number = EVENT_RANKING_SIZE,
): Promise<Record<EventRankingOrder, EventCampaignRank[]>> {
  const [raised, donors] = await Promise.all([
    rankedRows(eventId, 'raised', limit),
    rankedRows(eventId, 'donors', limit),
  ]);
  const ids = [...new Set([...raised, ...donors].map((row) => row.id))];
  const cards =
    ids.length === 0
      ? []
      : await findCampaignCards({ where: inArray(campaigns.id, ids), orderBy: [], limit: ids.length });
  const cardOf = new Map(cards.map((card) => [card.id, card]));
  const ranksOf = (rows: typeof raised): EventCampaignRank[] =>
    rows.flatMap((row, index) => {
      const campaign = cardOf.get(row.id);
      return campaign
        ? [{ rank: index + 1, campaign, raised: fromCents(Number(row.raised)), donors: row.donors }]
        : [];
    });
  return { raised: ranksOf(raised), donors: ranksOf(donors) };
}

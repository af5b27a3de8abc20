import type { EventPage } from '~/lib/contracts/events';
import { dependsOn, LISTS_TAG } from '~/lib/server/cache/tags';
import { findEventBySlug } from './findEvent';
import { rankEventCampaigns } from './rankings';
import { loadEventTotals } from './totals';

/**
 * What /event/{slug} shows, or null for no such event. The same for every visitor: the page is
 * cached under the lists' tag, which any campaign, donation or refund announces (an event's own
 * change announces the whole site).
 */
export async function loadEventPage(slug: string): Promise<EventPage | null> {
  const event = await findEventBySlug(slug);
  if (!event) return null;
  dependsOn(LISTS_TAG);
  const [totals, ranks] = await Promise.all([loadEventTotals(event.id), rankEventCampaigns(event.id)]);
  return { event, totals, byRaised: ranks.raised, byDonors: ranks.donors };
}

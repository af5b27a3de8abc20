/**
 * What the public event page needs, read from the services (never over HTTP): the event, its
 * totals and rankings, and the share card its og:image names. Nothing depends on who is looking.
 */

import type { ProfileMeta } from '~/components/shell/profileMeta';
import type { EventPage } from '~/lib/contracts/events';
import { formatSastDateTime, southAfricanDate } from '~/lib/dates';
import { Currency } from '~/lib/enums';
import { eventHref } from '~/lib/eventLinks';
import { getLocale, m } from '~/lib/i18n';
import { baseLocale } from '~/lib/i18n/languages';
import { formatMoney, fromCents, toCents } from '~/lib/money';
import { monthName } from '~/lib/months';
import { EMPTY_CAMPAIGN_SEARCH, findCampaignHref } from '~/lib/search/findCampaign';
import { loadEventPage } from '~/lib/server/events/eventPage';
import { env } from '~/lib/server/platform/env';
import { shareImageMeta } from '~/lib/server/sharing/cardContent';
import { eventShareContent } from '~/lib/server/sharing/shareCards';
import { eventJsonLd } from '~/lib/server/sharing/structuredData';

export interface EventPageData extends EventPage {
  href: string;
  /** 'From 15 June 2026 to 16 June 2026', 'From 15 June 2026', '' without dates. */
  datesText: string;
  /** Rand: on the platform (less refunds) and offline together, then each. */
  money: { total: string; online: string; offline: string };
  /** /find-campaign narrowed to this event. */
  searchHref: string;
  /** The title, share card and structured data of the page. */
  meta: ProfileMeta;
  /** The server's clock, so the cards' time display reads the same. */
  now: string;
}

/** A day in South Africa, in words: '18 July 2027' in English, '18 Julie 2027' in Afrikaans. */
function day(iso: string): string {
  if (getLocale() === baseLocale) return formatSastDateTime(iso, { dateStyle: 'long' });
  const [year = '', month = '', date = ''] = southAfricanDate(iso).split('-');
  return m.event_date({ day: String(Number(date)), month: monthName(Number(month)), year });
}

/** When the event is, in words (in the page's language). */
export function eventDatesText(startDate: string | null, endDate: string | null): string {
  if (startDate && endDate) {
    const [start, end] = [day(startDate), day(endDate)];
    return start === end ? start : m.event_dates_range({ start, end });
  }
  if (startDate) return m.event_dates_from({ date: day(startDate) });
  return endDate ? m.event_dates_until({ date: day(endDate) }) : '';
}

/** The page's data for an event slug, or null when there is no such event (the page then answers the 404 page). */
export async function loadEventPageData(slug: string): Promise<EventPageData | null> {
  const page = await loadEventPage(slug);
  if (!page) return null;
  const { event } = page;
  const pageHref = eventHref(event.slug);
  const shareImage = shareImageMeta('event', event.slug, eventShareContent(page));
  const description = event.description?.trim() || m.event_description_fallback({ name: event.name });
  return {
    ...page,
    href: pageHref,
    datesText: eventDatesText(event.startDate, event.endDate),
    money: {
      total: formatMoney(
        fromCents(toCents(page.totals.raised) + toCents(page.totals.offline)),
        Currency.Rand,
      ),
      online: formatMoney(page.totals.raised, Currency.Rand),
      offline: formatMoney(page.totals.offline, Currency.Rand),
    },
    searchHref: findCampaignHref({ ...EMPTY_CAMPAIGN_SEARCH, event: event.slug }),
    meta: {
      title: event.name,
      description: description.slice(0, 300),
      shareImage,
      jsonLd: eventJsonLd({ ...event, href: pageHref, shareImage }, env.publicUrl),
      canonicalPath: pageHref,
    },
    now: new Date().toISOString(),
  };
}

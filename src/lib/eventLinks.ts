/**
 * An event's public page, for the server and the browser alike (no imports: the search form's
 * script reads it too). Slugs are made from the event's name when an admin adds it (admin/events.ts).
 */

/** An event's slug: lower-case letters, digits and hyphens, as in /event/{slug}. */
export const EVENT_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,119}$/;

/** The event's page. */
export function eventHref(slug: string): string {
  return `/event/${encodeURIComponent(slug)}`;
}

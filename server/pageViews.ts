// Page views of campaign pages, counted where every answer passes: here, in front of the page cache
// (a cache hit never enters Astro). Only numbers: a campaign id, a South African day and a count,
// no cookie, no address, no agent kept. The app drains the counts into the database in batches
// (src/lib/server/insights/pageViews.ts). One instance per process, on globalThis, because the
// bundle carries its own copy of this module's code (as server/pageStore.ts).
import type { IncomingMessage } from 'node:http';
import { southAfricanDate } from '../src/lib/dates.ts';

/** What decides whether a request was someone reading: its method, its agent, and whether it was a prefetch. */
export interface Visit {
  method: string;
  userAgent: string | null;
  prefetch: boolean;
}

/** A Node request as a Visit. */
export function visitOf(req: IncomingMessage): Visit {
  return {
    method: req.method ?? 'GET',
    userAgent: req.headers['user-agent'] ?? null,
    prefetch: Boolean(req.headers['sec-purpose']) || req.headers.purpose === 'prefetch',
  };
}

/** The header a campaign page carries (rendered and cached alike): whose page this is. */
export const CAMPAIGN_VIEW_HEADER = 'x-campaign-id';

/** Link previews and crawlers fetch pages nobody reads. */
const NOT_A_READER =
  /bot\b|bot\/|crawl|spider|slurp|facebookexternalhit|whatsapp|telegram|discord|preview|embedly|lighthouse/i;

export interface PageViewCounter {
  /** Counts one view of the campaign today (Africa/Johannesburg), unless the request was no reader's. */
  record(visit: Visit, campaignId: string): void;
  /** Takes the counts so far (campaignId|day → views) and starts again from nothing. */
  drain(): Map<string, number>;
  /** Puts counts back that could not be saved. */
  restore(counts: Map<string, number>): void;
}

function createCounter(): PageViewCounter {
  let counts = new Map<string, number>();
  const add = (key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);
  return {
    record(visit, campaignId) {
      if (visit.method !== 'GET') return;
      // A browser's speculative fetch is no visit (Chromium sends Sec-Purpose: prefetch).
      if (visit.prefetch) return;
      if (NOT_A_READER.test(visit.userAgent ?? '')) return;
      add(`${campaignId}|${southAfricanDate(new Date())}`, 1);
    },
    drain() {
      const taken = counts;
      counts = new Map();
      return taken;
    },
    restore(taken) {
      for (const [key, n] of taken) add(key, n);
    },
  };
}

const SHARED = Symbol.for('letsema.pageViews');

export function sharedPageViewCounter(): PageViewCounter {
  const holder = globalThis as { [SHARED]?: PageViewCounter };
  holder[SHARED] ??= createCounter();
  return holder[SHARED];
}

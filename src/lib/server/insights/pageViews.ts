import { sql } from 'drizzle-orm';
import { onShutdown, SHUTDOWN_ORDER } from '#server/lifecycle.ts';
import { CAMPAIGN_VIEW_HEADER, sharedPageViewCounter } from '#server/pageViews.ts';
import { getDb } from '~/lib/server/db';
import { env } from '~/lib/server/platform/env';
import { log } from '~/lib/server/platform/log';

/**
 * Page views of campaign pages (issue 26), the app's side: the HTTP server counts every answer of a
 * campaign page, cached or rendered (server/pageViews.ts), by the header the page sets; this adds the
 * counts to `campaign_page_views` in one statement every PAGE_VIEW_FLUSH_MS (10 s by default) and
 * once more when the process stops. Counts that could not be saved are kept for the next round.
 */

export { CAMPAIGN_VIEW_HEADER };

/**
 * Counts this rendering of campaign `campaignId`'s page as a view, and marks the answer with the
 * campaign, so that the server counts each later answer of it from the page cache.
 */
export function countCampaignView(request: Request, headers: Headers, campaignId: string): void {
  headers.set(CAMPAIGN_VIEW_HEADER, campaignId);
  sharedPageViewCounter().record(
    {
      method: request.method,
      userAgent: request.headers.get('user-agent'),
      prefetch: request.headers.has('sec-purpose') || request.headers.get('purpose') === 'prefetch',
    },
    campaignId,
  );
}

/** Adds the counts so far to the database; resolves how many views it saved. */
export async function flushPageViews(): Promise<number> {
  const counter = sharedPageViewCounter();
  const counts = counter.drain();
  if (counts.size === 0) return 0;
  const rows = [...counts].map(([key, views]) => {
    const [campaignId, day] = key.split('|');
    return { campaignId, day, views };
  });
  try {
    const db = await getDb();
    // A campaign deleted meanwhile is skipped by the join, not an error for the others.
    await db.execute(sql`
      insert into campaign_page_views (campaign_id, day, views)
      select c.id, v.day, v.views
      from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as v("campaignId" uuid, day date, views int)
      join campaigns c on c.id = v."campaignId"
      on conflict (campaign_id, day) do update set views = campaign_page_views.views + excluded.views`);
    return rows.reduce((sum, row) => sum + row.views, 0);
  } catch (error) {
    counter.restore(counts);
    throw error;
  }
}

let timer: NodeJS.Timeout | undefined;

/** Starts the flushing once per process (every process counts its own answers). */
export function startPageViewFlushing(): void {
  if (timer) return;
  timer = setInterval(() => {
    flushPageViews().catch((error) =>
      log.error({ area: 'pageViews', err: error }, 'Page view counts not saved'),
    );
  }, env.pageViewFlushMs).unref();
  onShutdown('page views', SHUTDOWN_ORDER.jobs, async () => {
    clearInterval(timer);
    await flushPageViews().catch((error) =>
      log.error({ area: 'pageViews', err: error }, 'Page view counts lost at shutdown'),
    );
  });
}

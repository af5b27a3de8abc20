// The processes' Prometheus metrics after the run (GET /metrics on each process's own port: loopback
// may read it), the series that tell what the faults did, added up over the processes (a gauge: the
// largest). A process killed during the run counts from its restart. Also whether nginx keeps
// /metrics to itself (DEPLOY.md: 404 through the proxy).

const WANTED =
  /^(letsema_mail_[a-z_]+|letsema_payment_notifications_total|letsema_donations_booked_total|letsema_page_cache_requests_total)(\{[^}]*\})?\s+([0-9.eE+-]+)$/;
const GAUGES = new Set(['letsema_mail_queue_depth']);

/**
 * @param {string[]} baseUrls  each process's own address
 * @param {string} proxyUrl  nginx's
 * @returns {Promise<{ processes: number, statuses: number[], series: Record<string, number>, throughProxy: number }>}
 *   `processes`: how many answered 200 (the others' answers are in `statuses`)
 */
export async function scrapeMetrics(baseUrls, proxyUrl) {
  const series = new Map();
  let processes = 0;
  const statuses = [];
  for (const base of baseUrls) {
    let text;
    try {
      // A redirect is an answer here: Prometheus scraping a process must get the metrics, not a way elsewhere.
      const response = await fetch(`${base}/metrics`, {
        redirect: 'manual',
        signal: AbortSignal.timeout(5000),
      });
      statuses.push(response.status);
      if (response.status !== 200) continue;
      text = await response.text();
    } catch {
      statuses.push(0);
      continue;
    }
    processes += 1;
    for (const line of text.split('\n')) {
      const match = WANTED.exec(line);
      if (!match) continue;
      const key = `${match[1]}${match[2] ?? ''}`;
      const value = Number(match[3]);
      const before = series.get(key);
      series.set(
        key,
        before === undefined ? value : GAUGES.has(match[1]) ? Math.max(before, value) : before + value,
      );
    }
  }
  const throughProxy = await fetch(`${proxyUrl}/metrics`, { signal: AbortSignal.timeout(5000) })
    .then((response) => response.status)
    .catch(() => 0);
  return {
    processes,
    statuses,
    series: Object.fromEntries([...series].sort(([a], [b]) => a.localeCompare(b))),
    throughProxy,
  };
}

// Throughput through nginx with one app process, then three, in the same run: nginx is reloaded
// with one upstream, then all of them, and the same loads run for the same time.
// - reads: autocannon, each connection cycling through the public pages and API reads;
// - mixed: the reads on fewer connections while donors give (donation + PayFast notification).
import autocannon from 'autocannon';
import { donateFor } from '../lib/donations.mjs';
import { BROWSER_ENCODING } from '../lib/http.mjs';
import { CAMPAIGN } from '../lib/routes.mjs';

export const READ_MIX = [
  `/campaign/${CAMPAIGN}`,
  '/home',
  `/api/v1/campaigns/short/${CAMPAIGN}?idType=0`,
  '/find-campaign',
  '/api/v1/campaigns/filter-campaigns/?pageNo=1&pageSize=12',
];

function reads(url, seconds, connections) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    headers: { 'accept-encoding': BROWSER_ENCODING },
    requests: READ_MIX.map((path) => ({ method: 'GET', path })),
  });
}

const summary = (result, seconds) => ({
  rps: result.requests.total / seconds,
  p50: result.latency.p50,
  p99: result.latency.p99,
  errors: result.errors + result.timeouts + result.non2xx,
});

/**
 * @param {{ nginx: Awaited<ReturnType<typeof import('./nginx.mjs').startNginx>>, ports: number[],
 *   token: string, gateway: object, seconds: number, warmupS: number, connections: number, donors: number,
 *   log: (message: string) => void }} options
 */
export async function measureOneVersusAll({
  nginx,
  ports,
  token,
  gateway,
  seconds,
  warmupS,
  connections,
  donors,
  log,
}) {
  const rows = [];
  for (const upstreams of [ports.slice(0, 1), ports]) {
    await nginx.reload(upstreams);
    log(`throughput through nginx with ${upstreams.length} process${upstreams.length > 1 ? 'es' : ''}`);
    await reads(nginx.url, warmupS, connections);
    const readOnly = summary(await reads(nginx.url, seconds, connections), seconds);
    const [mixedReads, donations] = await Promise.all([
      reads(nginx.url, seconds, Math.max(1, connections - donors)),
      donateFor([nginx.url], token, gateway, seconds, donors),
    ]);
    const sorted = donations.latencies.sort((a, b) => a - b);
    rows.push({
      processes: upstreams.length,
      reads: readOnly,
      mixed: {
        reads: summary(mixedReads, seconds),
        donationsPerS: donations.latencies.length / seconds,
        donationP50: sorted[Math.floor(sorted.length / 2)] ?? 0,
        donationP99: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.99))] ?? 0,
        donationErrors: donations.errors,
      },
    });
  }
  return rows;
}

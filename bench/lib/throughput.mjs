// The throughput table of one configuration (a database, one or more processes): each page with
// its static yardstick, the API reads, and donations with their notifications.
import { measureDonations } from './donations.mjs';
import { mustGet } from './http.mjs';
import { measureLoad } from './load.mjs';
import { THROUGHPUT_API, THROUGHPUT_PAGES } from './routes.mjs';
import { staticAssetLike } from './staticAssets.mjs';

const progress = (text) => process.stdout.write(`  ${text}… `);

/**
 * @typedef {import('./load.mjs').LoadResult & {
 *   label: string, path: string, htmlBytes?: number, cached?: boolean,
 *   staticPath?: string, staticRps?: number, ratio?: number, bookedAfterS?: number | null
 * }} ThroughputRow
 */

/**
 * Measures every endpoint in turn on `baseUrls` (one per process).
 * @returns {Promise<ThroughputRow[]>}
 */
export async function measureThroughput(baseUrls, gateway, { donations = true } = {}) {
  const rows = [];
  const staticRuns = new Map();
  for (const page of THROUGHPUT_PAGES) {
    // The first view fills the page cache; the second says whether it now answers from memory.
    await mustGet(`${baseUrls[0]}${page.path}`);
    const probe = await mustGet(`${baseUrls[0]}${page.path}`);
    const asset = staticAssetLike(probe.bytes);
    progress(`${page.label} (${page.path})`);
    const result = await measureLoad(baseUrls, page.path);
    if (!staticRuns.has(asset.path)) {
      process.stdout.write(`static ${asset.path}… `);
      staticRuns.set(asset.path, await measureLoad(baseUrls, asset.path));
    }
    const yardstick = staticRuns.get(asset.path);
    rows.push({
      ...result,
      label: page.label,
      path: page.path,
      htmlBytes: probe.bytes,
      cached: probe.headers['x-page-cache'] === 'hit',
      staticPath: `${asset.path} (${asset.brBytes} B br)`,
      staticRps: yardstick.rps,
      ratio: yardstick.rps > 0 ? result.rps / yardstick.rps : 0,
    });
    console.log('done');
  }
  for (const api of THROUGHPUT_API) {
    await mustGet(`${baseUrls[0]}${api.path}`);
    progress(`${api.label} (${api.path})`);
    rows.push({ ...(await measureLoad(baseUrls, api.path)), label: api.label, path: api.path });
    console.log('done');
  }
  if (donations) {
    progress('donation + notification');
    rows.push({
      ...(await measureDonations(baseUrls, gateway)),
      label: 'donation + notification',
      path: 'POST /api/v1/donations/logged-in, then POST /api/v1/payments/payfast/notify',
    });
    console.log('done');
  }
  return rows;
}

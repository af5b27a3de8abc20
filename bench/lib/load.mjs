// Throughput and latency with autocannon: a warm-up, then a fixed time, on one or several server
// processes at once (one autocannon per process, connections shared out, figures added up).
import autocannon from 'autocannon';
import { BROWSER_ENCODING } from './http.mjs';
import { options } from './options.mjs';

/**
 * @typedef {object} LoadResult
 * @property {number} rps  requests per second (added up over processes)
 * @property {number} p50  ms (the slowest process's)
 * @property {number} p99  ms (the slowest process's)
 * @property {number} errors  socket errors + timeouts + non-2xx answers
 * @property {number} requests
 * @property {number} bytesPerRequest  bytes received per answer, headers included
 */

function run(url, seconds, connections, request) {
  return autocannon({
    url,
    connections,
    duration: seconds,
    ...request,
    headers: { 'accept-encoding': BROWSER_ENCODING, ...request.headers },
  });
}

/** Splits `total` connections over `parts` (at least one each). */
function shares(total, parts) {
  return Array.from({ length: parts }, (_, i) =>
    Math.max(1, Math.floor(total / parts) + (i < total % parts ? 1 : 0)),
  );
}

/**
 * Loads `path` on every base URL at once: a warm-up (not counted), then `options.durationS` seconds.
 * @param {string[]} baseUrls  one per server process
 * @param {string} path
 * @param {object} [request]  autocannon request options (method, body, headers)
 * @returns {Promise<LoadResult>}
 */
export async function measureLoad(baseUrls, path, request = {}) {
  const connections = shares(options.connections, baseUrls.length);
  await Promise.all(
    baseUrls.map((base, i) => run(`${base}${path}`, options.warmupS, connections[i], request)),
  );
  const results = await Promise.all(
    baseUrls.map((base, i) => run(`${base}${path}`, options.durationS, connections[i], request)),
  );
  const requests = results.reduce((n, r) => n + r.requests.total, 0);
  const bytes = results.reduce((n, r) => n + r.throughput.total, 0);
  return {
    rps: results.reduce((n, r) => n + r.requests.average, 0),
    p50: Math.max(...results.map((r) => r.latency.p50)),
    p99: Math.max(...results.map((r) => r.latency.p99)),
    errors: results.reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0),
    requests,
    bytesPerRequest: requests > 0 ? bytes / requests : 0,
  };
}

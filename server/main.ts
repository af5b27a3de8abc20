// The production server: `node server/main.ts` (npm start, the test and bench runners). Astro's
// Node adapter builds the app as a request handler (mode 'middleware'); this file puts three
// things in front of it that need no rendering at all, so they cost no more than a static file:
//   1. the built client assets, precompressed, from memory (server/staticFiles.ts);
//   2. a page asked for on another host than a configured PUBLIC_URL's: a redirect there
//      (src/lib/server/platform/publicUrl.ts), so links, cookies and the CSP match the address;
//   3. public pages already rendered, from the in-memory page cache (server/pageStore.ts), which
//      the app fills and invalidates (src/lib/server/cache).
// Everything else goes to Astro. Each request gets one log line (src/lib/server/http/requestLine.ts):
// written here for what this file answers, by the app's requestLog middleware for the rest.
// HOST and PORT as for the adapter's standalone mode; BUILD_DIR
// picks the build (dist/ by default). The process keeps no state a second process lacks: pages
// are invalidated across processes through PostgreSQL (LISTEN/NOTIFY), so any number of them can
// run behind a proxy on one database (docs/DEPLOY.md).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { clientAddressFrom, parseTrustedProxies } from '../src/lib/server/http/clientAddress.ts';
import { logRequest, millisecondsSince, type RequestLine } from '../src/lib/server/http/requestLine.ts';
import { log } from '../src/lib/server/platform/log.ts';
import { metrics } from '../src/lib/server/platform/metrics.ts';
import { canonicalRedirect, listeningUrl } from '../src/lib/server/platform/publicUrl.ts';
import { pageCacheKey, sendCachedPage } from './cachedPages.ts';
import { processLifecycle } from './lifecycle.ts';
import { refusedUnknownMethod } from './methods.ts';
import { sharedPageStore } from './pageStore.ts';
import { CAMPAIGN_VIEW_HEADER, sharedPageViewCounter, visitOf } from './pageViews.ts';
import { requestIdFor } from './requestId.ts';
import { timeRequest } from './requestMetrics.ts';
import { shutDownGracefully } from './shutdown.ts';
import { loadStaticFiles, sendStaticFile } from './staticFiles.ts';

type AstroHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  next?: () => void,
  locals?: object,
) => Promise<void>;

// Before the app loads: it then leaves the stop signals to this file (server/shutdown.ts).
processLifecycle().managed = true;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const outDir = resolve(root, process.env.BUILD_DIR || 'dist');
const staticFiles = loadStaticFiles(join(outDir, 'client'));
const pages = sharedPageStore();
const views = sharedPageViewCounter();
const configuredUrl = process.env.PUBLIC_URL;
const trustedProxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);
const { handler } = (await import(pathToFileURL(join(outDir, 'server/entry.mjs')).href)) as {
  handler: AstroHandler;
};

const headerOf = (req: IncomingMessage, name: string): string | undefined => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
};

/** The request line of an answer written here (Astro's are the app's: middleware/requestLog.ts). */
function logAnswer(
  req: IncomingMessage,
  res: ServerResponse,
  started: number,
  answer: Pick<RequestLine, 'route' | 'served'> & { requestId?: string },
  level: 'info' | 'debug' = 'info',
): void {
  if (!log.isLevelEnabled(level)) return;
  logRequest(
    {
      requestId: answer.requestId ?? requestIdFor(req.headers['x-request-id']),
      method: req.method ?? 'GET',
      route: answer.route,
      status: res.statusCode,
      durationMs: millisecondsSince(started),
      client: clientAddressFrom(
        req.socket.remoteAddress ?? null,
        headerOf(req, 'x-forwarded-for') ?? null,
        trustedProxies,
      ),
      served: answer.served,
    },
    (name) => headerOf(req, name),
    level,
  );
}

const server = createServer((req, res) => {
  const started = performance.now();
  const url = req.url ?? '/';
  const label = timeRequest(req, res);
  if (!shutdown.admit(url, res)) return logAnswer(req, res, started, { route: null, served: 'server' });
  if (refusedUnknownMethod(req, res)) return logAnswer(req, res, started, { route: null, served: 'server' });
  try {
    decodeURI(url);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Bad request.');
    return logAnswer(req, res, started, { route: null, served: 'server' });
  }
  if (req.method === 'GET' || req.method === 'HEAD') {
    const query = url.indexOf('?');
    const path = query < 0 ? url : url.slice(0, query);
    const file = staticFiles.get(path);
    if (file) {
      label.route = 'static';
      sendStaticFile(req, res, file);
      // Debug, not info: a page view pulls a dozen fingerprinted assets that browsers and the proxy
      // then keep for a year; a line each would be most of the log and tell an operator nothing.
      return logAnswer(req, res, started, { route: path, served: 'static' }, 'debug');
    }
  }
  // A page asked for on another origin than PUBLIC_URL's (127.0.0.1 for localhost, a bare IP) goes
  // there before any form is shown: its links, cookies and the CSP's form-action are that origin's.
  const canonical = canonicalRedirect({ method: req.method, url, host: req.headers.host }, configuredUrl);
  if (canonical) {
    res.writeHead(302, { location: canonical, 'cache-control': 'no-store' });
    res.end();
    return logAnswer(req, res, started, { route: null, served: 'server' });
  }
  const key = pageCacheKey(req);
  const page = key === undefined ? undefined : pages.get(key);
  if (key !== undefined) metrics.pageCacheRequests.inc({ result: page ? 'hit' : 'miss' });
  if (page) {
    label.route = page.route;
    const campaignId = page.headers[CAMPAIGN_VIEW_HEADER];
    // A rendered campaign page counts itself (src/lib/server/insights/pageViews.ts); a stored one here.
    if (campaignId && page.status === 200) views.record(visitOf(req), campaignId);
    const requestId = requestIdFor(req.headers['x-request-id']);
    sendCachedPage(req, res, page, requestId);
    return logAnswer(req, res, started, { route: page.route, served: 'cache', requestId });
  }
  shutdown.track(res);
  // The key travels in locals, never in a header a client could forge to poison the cache.
  void handler(
    req,
    res,
    undefined,
    key === undefined ? { routeLabel: label } : { pageCacheKey: key, routeLabel: label },
  );
});

const shutdown = shutDownGracefully(server, Number(process.env.SHUTDOWN_GRACE_S ?? 25) * 1000);

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? 'localhost';
server.listen(port, host, () => {
  log.info({ url: listeningUrl(host, port) }, 'Server listening');
});

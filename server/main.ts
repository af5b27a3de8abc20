// The production server: `node server/main.ts` (npm start, the test and bench runners). Astro's
// Node adapter builds the app as a request handler (mode 'middleware'); this file puts three
// things in front of it that need no rendering at all, so they cost no more than a static file:
//   1. the built client assets, precompressed, from memory (server/staticFiles.ts);
//   2. a page asked for on another host than a configured PUBLIC_URL's: a redirect there
//      (src/lib/server/platform/publicUrl.ts), so links, cookies and the CSP match the address;
//   3. public pages already rendered, from the in-memory page cache (server/pageStore.ts), which
//      the app fills and invalidates (src/lib/server/cache).
// Everything else goes to Astro. HOST and PORT as for the adapter's standalone mode; BUILD_DIR
// picks the build (dist/ by default). The process keeps no state a second process lacks: pages
// are invalidated across processes through PostgreSQL (LISTEN/NOTIFY), so any number of them can
// run behind a proxy on one database (docs/DEPLOY.md).
import { createServer } from 'node:http';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { metrics } from '../src/lib/server/platform/metrics.ts';
import { canonicalRedirect, listeningUrl } from '../src/lib/server/platform/publicUrl.ts';
import { pageCacheKey, sendCachedPage } from './cachedPages.ts';
import { processLifecycle } from './lifecycle.ts';
import { refusedUnknownMethod } from './methods.ts';
import { sharedPageStore } from './pageStore.ts';
import { CAMPAIGN_VIEW_HEADER, sharedPageViewCounter, visitOf } from './pageViews.ts';
import { timeRequest } from './requestMetrics.ts';
import { shutDownGracefully } from './shutdown.ts';
import { loadStaticFiles, sendStaticFile } from './staticFiles.ts';

type AstroHandler = (
  req: import('node:http').IncomingMessage,
  res: import('node:http').ServerResponse,
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
const { handler } = (await import(pathToFileURL(join(outDir, 'server/entry.mjs')).href)) as {
  handler: AstroHandler;
};

const server = createServer((req, res) => {
  const url = req.url ?? '/';
  const label = timeRequest(req, res);
  if (!shutdown.admit(url, res)) return;
  if (refusedUnknownMethod(req, res)) return;
  try {
    decodeURI(url);
  } catch {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
    res.end('Bad request.');
    return;
  }
  if (req.method === 'GET' || req.method === 'HEAD') {
    const query = url.indexOf('?');
    const file = staticFiles.get(query < 0 ? url : url.slice(0, query));
    if (file) {
      label.route = 'static';
      return sendStaticFile(req, res, file);
    }
  }
  // A page asked for on another origin than PUBLIC_URL's (127.0.0.1 for localhost, a bare IP) goes
  // there before any form is shown: its links, cookies and the CSP's form-action are that origin's.
  const canonical = canonicalRedirect({ method: req.method, url, host: req.headers.host }, configuredUrl);
  if (canonical) {
    res.writeHead(302, { location: canonical, 'cache-control': 'no-store' });
    res.end();
    return;
  }
  const key = pageCacheKey(req);
  const page = key === undefined ? undefined : pages.get(key);
  if (key !== undefined) metrics.pageCacheRequests.inc({ result: page ? 'hit' : 'miss' });
  if (page) {
    label.route = page.route;
    const campaignId = page.headers[CAMPAIGN_VIEW_HEADER];
    // A rendered campaign page counts itself (src/lib/server/insights/pageViews.ts); a stored one here.
    if (campaignId && page.status === 200) views.record(visitOf(req), campaignId);
    return sendCachedPage(req, res, page);
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

const quiet = process.env.ASTRO_NODE_LOGGING === 'disabled';
const shutdown = shutDownGracefully(server, Number(process.env.SHUTDOWN_GRACE_S ?? 25) * 1000, quiet);

const port = Number(process.env.PORT ?? 8080);
const host = process.env.HOST ?? 'localhost';
server.listen(port, host, () => {
  if (!quiet) console.log(`Server listening on ${listeningUrl(host, port)}`);
});

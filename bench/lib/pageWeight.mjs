// Page weight as a phone downloads it: each route opened in a fresh Chromium context (cold cache,
// a phone-sized viewport), the compressed bytes of HTML, CSS and JavaScript counted from the
// DevTools network events once the page has loaded and gone idle, before any interaction. On the
// donation page the amount field is then used, and the JavaScript that adds is counted too.
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';
import { jsonRequest } from './http.mjs';
import { options } from './options.mjs';
import { WEIGHT_ROUTES } from './routes.mjs';
import { donorSession, storeSession } from './session.mjs';

const KIND = { Document: 'html', Stylesheet: 'css', Script: 'js' };
const QUIET_MS = 500;
const MAX_WAIT_MS = 15_000;

/** Records every HTTP request of a page: its kind, when it started and its compressed body bytes. */
async function networkLog(context, page) {
  const cdp = await context.newCDPSession(page);
  const requests = new Map();
  const log = { requests, loadedAt: Number.POSITIVE_INFINITY, lastActivity: performance.now() };
  const touch = () => {
    log.lastActivity = performance.now();
  };
  cdp.on('Network.requestWillBeSent', (e) => {
    if (!/^https?:/.test(e.request.url)) return;
    requests.set(e.requestId, {
      url: e.request.url,
      kind: KIND[e.type] ?? 'other',
      at: e.timestamp,
      done: false,
      bytes: 0,
    });
    touch();
  });
  cdp.on('Network.responseReceived', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.kind = KIND[e.type] ?? 'other';
    // On HTTP/1.1 what arrived before the response event is the status line and headers.
    r.headerBytes = e.response.encodedDataLength ?? 0;
    r.encoding = e.response.headers['content-encoding'] ?? e.response.headers['Content-Encoding'] ?? 'none';
  });
  cdp.on('Network.loadingFinished', (e) => {
    const r = requests.get(e.requestId);
    if (!r) return;
    r.bytes = Math.max(0, e.encodedDataLength - (r.headerBytes ?? 0));
    r.done = true;
    touch();
  });
  cdp.on('Network.loadingFailed', (e) => {
    const r = requests.get(e.requestId);
    if (r) r.done = r.failed = true;
    touch();
  });
  cdp.on('Page.loadEventFired', (e) => {
    log.loadedAt = e.timestamp;
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Page.enable');
  return log;
}

/** Waits until no request is in flight and none started for QUIET_MS (at most MAX_WAIT_MS). */
async function quiet(page, log) {
  const deadline = performance.now() + MAX_WAIT_MS;
  // Islands that hydrate at idle wait for requestIdleCallback; give it its turn first.
  await page.evaluate(
    () => new Promise((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })),
  );
  while (performance.now() < deadline) {
    const inFlight = [...log.requests.values()].some((r) => !r.done);
    if (!inFlight && performance.now() - log.lastActivity >= QUIET_MS) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

function totals(log, only = () => true) {
  const sum = {
    html: 0,
    css: 0,
    js: 0,
    other: 0,
    requests: 0,
    jsBeforeLoad: 0,
    jsBeforeLoadFiles: [],
    jsFiles: 0,
    uncompressed: [],
  };
  for (const [id, r] of log.requests) {
    if (!only(id, r)) continue;
    sum.requests += 1;
    sum[r.kind] += r.bytes;
    if (r.kind === 'js') {
      sum.jsFiles += 1;
      if (r.at < log.loadedAt) {
        sum.jsBeforeLoad += r.bytes;
        sum.jsBeforeLoadFiles.push(new URL(r.url).pathname.split('/').pop());
      }
    }
    if (r.kind !== 'other' && r.encoding === 'none' && r.bytes > 1024)
      sum.uncompressed.push(new URL(r.url).pathname);
  }
  return sum;
}

/** Scrolls down a screen at a time, so islands that hydrate when visible do. */
async function scrollToEnd(page) {
  await page.evaluate(async () => {
    for (let y = 0; y < document.documentElement.scrollHeight; y += window.innerHeight) {
      window.scrollTo(0, y);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
}

/** Uses the donation form as a donor starts to: focuses the amount field and types an amount. */
async function typeDonationAmount(page) {
  const amount = page.locator('input[inputmode="decimal"]').first();
  if ((await amount.count()) === 0) return false;
  await amount.click();
  await amount.pressSequentially('150');
  await amount.press('Tab');
  return true;
}

/**
 * @typedef {{ label: string, path: string, html: number, css: number, js: number, other: number,
 *   requests: number, jsBeforeLoad: number, jsBeforeLoadFiles: string[], jsFiles: number, uncompressed: string[],
 *   jsAfterScroll: number, interactionJs?: number | null }} PageWeight
 */

/** @returns {Promise<PageWeight[]>} */
/** A route's path with the campaign's id filled in (the editor's address names it by id). */
async function resolvedPath(baseUrl, route) {
  if (!route.path.includes('{id}')) return route.path;
  const detail = await jsonRequest(`${baseUrl}/api/v1/campaigns/short/${route.campaignUrl}?idType=0`);
  return route.path.replace('{id}', encodeURIComponent(detail.data.id));
}

export async function measurePageWeights(baseUrl) {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const rows = [];
  try {
    for (const route of WEIGHT_ROUTES.filter(options.wantsPage)) {
      process.stdout.write(`  ${route.label} (${route.path})… `);
      const context = await browser.newContext({
        viewport: { width: 412, height: 823 },
        deviceScaleFactor: 1.75,
        isMobile: true,
        hasTouch: true,
      });
      try {
        const page = await context.newPage();
        if (route.signedIn) await storeSession(page, baseUrl, await donorSession(baseUrl, route.signedIn));
        const path = await resolvedPath(baseUrl, route);
        const pathname = new URL(path, baseUrl).pathname;
        const log = await networkLog(context, page);
        const response = await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
        if (response?.status() !== 200) throw new Error(`${path} answered ${response?.status()}`);
        await quiet(page, log);
        // A page that sends the visitor on (the signed-out profile to the login page): wait for the next one.
        if (new URL(page.url()).pathname !== pathname) await page.waitForLoadState('load');
        if (route.signedIn && new URL(page.url()).pathname !== pathname)
          throw new Error(`${path} sent the signed-in visitor to ${page.url()}`);
        // The Insights tab: weighed once its charts are on the page.
        if (path.includes('tab=insights'))
          await page.getByRole('img', { name: 'Where donations came from' }).waitFor({ timeout: 20_000 });
        await quiet(page, log);
        const seen = new Set(log.requests.keys());
        const row = { label: route.label, path: route.path, ...totals(log) };
        if (route.path.startsWith('/donation/')) {
          row.interactionJs = null;
          if (await typeDonationAmount(page)) {
            await quiet(page, log);
            row.interactionJs = totals(log, (id) => !seen.has(id)).js;
          }
        }
        await scrollToEnd(page);
        await quiet(page, log);
        row.jsAfterScroll = totals(log).js;
        rows.push(row);
        console.log('done');
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
  }
  return rows;
}

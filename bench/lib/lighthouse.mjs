// Lighthouse as the table reads it: the npm package's default (mobile, simulated slow 4G
// and a 4x slower CPU), in Debian's Chromium, one fresh browser per page.
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';
import { donorSession, storeSession } from './session.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * @typedef {{ label: string, path: string, performance: number, accessibility: number,
 *   bestPractices: number, seo: number, lcpMs: number, tbtMs: number, cls: number,
 *   jsBytes: number | null }} LighthouseRow
 */

/** Transfer size of the scripts in Lighthouse's resource summary, or null when it has none. */
function scriptBytes(lhr) {
  const items = lhr.audits['resource-summary']?.details?.items ?? [];
  const script = items.find((item) => item.resourceType === 'script');
  return script ? script.transferSize : null;
}

/** Puts the demo donor's session into the launched browser's localStorage for baseUrl. */
async function signInBrowser(port, baseUrl) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0].newPage();
    await storeSession(page, baseUrl, await donorSession(baseUrl));
    await page.close();
  } finally {
    await browser.close();
  }
}

async function audit(url, { signedIn = false } = {}) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'],
    logLevel: 'silent',
  });
  try {
    // Lighthouse clears the origin's storage (and cache) first unless told not to; a signed-in page
    // keeps the session stored just before (only /robots.txt was loaded, so nothing else is cached).
    if (signedIn) await signInBrowser(chrome.port, new URL(url).origin);
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      ...(signedIn ? { disableStorageReset: true } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const value = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      bestPractices: score('best-practices'),
      seo: score('seo'),
      lcpMs: value('largest-contentful-paint'),
      tbtMs: value('total-blocking-time'),
      cls: value('cumulative-layout-shift'),
      // Compressed bytes of the scripts the page loaded under Lighthouse (its resource summary).
      jsBytes: scriptBytes(lhr),
    };
  } finally {
    await chrome.kill();
  }
}

/** @returns {Promise<LighthouseRow[]>} */
export async function measureLighthouse(baseUrl, routes) {
  const rows = [];
  for (const route of routes) {
    process.stdout.write(`  ${route.label} (${route.path})… `);
    // A first view so the page is in the server's page cache, as it is for every visitor but the first.
    await fetch(`${baseUrl}${route.path}`).then((r) => r.arrayBuffer());
    rows.push({
      label: route.label,
      path: route.path,
      ...(await audit(`${baseUrl}${route.path}`, { signedIn: route.signedIn })),
    });
    console.log('done');
  }
  return rows;
}

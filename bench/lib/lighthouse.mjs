// Lighthouse as the table reads it: the npm package's default (mobile, simulated slow 4G
// and a 4x slower CPU), in Debian's Chromium, one fresh browser per page.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

/**
 * @typedef {{ label: string, path: string, performance: number, accessibility: number,
 *   bestPractices: number, seo: number, lcpMs: number, tbtMs: number, cls: number }} LighthouseRow
 */

async function audit(url) {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM_PATH,
    chromeFlags: [...CHROMIUM_FLAGS, '--headless=new'],
    logLevel: 'silent',
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      onlyCategories: CATEGORIES,
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
    rows.push({ label: route.label, path: route.path, ...(await audit(`${baseUrl}${route.path}`)) });
    console.log('done');
  }
  return rows;
}

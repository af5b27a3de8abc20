import { get } from 'node:http';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/http';

/**
 * Issue 13's page-weight budget, in bytes on the wire: what a visitor's phone downloads
 * before touching a public page. Not timing: the built pages' own HTML, scripts and styles.
 */
/** Read-only pages run no framework: the navbar, 'Load more' and the like are a few lines of script. */
const JS_BUDGET = 30 * 1024;
const FIRST_PAINT_CSS_BUDGET = 8 * 1024;

/** The read-only pages, on the demo data every test server starts with. */
const READ_ONLY_PAGES = [
  '/home',
  '/campaign/siyakhula-saturday-school',
  '/find-campaign',
  '/find-campaign?tab=organisations',
  '/organization/siyakhula-education-trust',
  '/how-it-works',
  '/privacy-policy',
];

interface Sent {
  status: number;
  encoding: string | undefined;
  body: Buffer;
}

/** A GET as sent, brotli accepted (fetch would decompress it, hiding what travelled). */
function getAsSent(url: string): Promise<Sent> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'accept-encoding': 'br' } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          encoding: res.headers['content-encoding'],
          body: Buffer.concat(chunks),
        }),
      );
    }).on('error', reject);
  });
}

async function textOf(url: string): Promise<string> {
  const res = await fetch(url);
  expect(res.status, `GET ${url}`).toBe(200);
  return res.text();
}

/** The bytes an asset costs on the wire; an uncompressed answer counts as its full size. */
async function wireBytes(url: string): Promise<number> {
  const sent = await getAsSent(url);
  expect(sent.status, `GET ${url}`).toBe(200);
  return sent.body.length;
}

const brotliBytes = (text: string): number => brotliCompressSync(Buffer.from(text)).length;

function attribute(tag: string, name: string): string | undefined {
  return new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(tag)?.[1]?.replace(/&amp;/g, '&');
}

/** `import … from "./x.js"` and `import "./x.js"`, minified or not; never `import("…")`, which waits for its caller. */
function staticImports(code: string): string[] {
  return [...code.matchAll(/(?:^|[;\s})])import\s*(?:[\w$*{}\s,]+?\s*from\s*)?["']([^"']+)["']/g)].map(
    (m) => m[1] as string,
  );
}

/** React DOM's client (the renderer that hydrates islands): its root container key is in no other code. */
const REACT_DOM_CLIENT_MARK = '__reactContainer$';

interface PageWeight {
  /** Every script the page runs without an interaction, with its wire bytes. */
  scripts: Map<string, number>;
  /** Those of the scripts that are React DOM's client. */
  reactDom: string[];
  /** Compressed bytes of those scripts plus the inline ones. */
  js: number;
  /** Compressed bytes of the CSS that blocks the first paint: inline <style> and blocking stylesheets. */
  css: number;
  /** Islands hydrated on load (`client:load`), as `Component@load`. */
  onLoad: string[];
}

/** Follows what the page loads: module scripts, each island's component and renderer, and their static imports. */
async function weigh(path: string): Promise<PageWeight> {
  const pageUrl = `${baseUrl}${path}`;
  const html = await textOf(pageUrl);
  const scripts = new Map<string, number>();
  const queue: string[] = [];
  const follow = (specifier: string, from: string): void => {
    const url = new URL(specifier, from).href;
    if (scripts.has(url)) return;
    scripts.set(url, 0);
    queue.push(url);
  };

  let inlineJs = 0;
  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const [, tag = '', code = ''] = m;
    if (/type="application\/(ld\+)?json"/i.test(tag)) continue;
    const src = attribute(tag, 'src');
    if (src) follow(src, pageUrl);
    else {
      inlineJs += brotliBytes(code);
      for (const specifier of staticImports(code)) follow(specifier, pageUrl);
    }
  }
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const tag = m[1] ?? '';
    const href = attribute(tag, 'href');
    if (href && attribute(tag, 'rel') === 'modulepreload') follow(href, pageUrl);
  }
  const onLoad: string[] = [];
  for (const m of html.matchAll(/<astro-island\b([^>]*)>/gi)) {
    const tag = m[1] ?? '';
    // Every island counts, client:visible ones too: a scroll must not cost more than the budget either.
    for (const name of ['component-url', 'renderer-url']) {
      const url = attribute(tag, name);
      if (url) follow(url, pageUrl);
    }
    if (attribute(tag, 'client') === 'load') {
      onLoad.push(`${attribute(tag, 'component-url')?.split('/').pop() ?? '?'}@load`);
    }
  }
  const reactDom: string[] = [];
  while (queue.length > 0) {
    const url = queue.shift() as string;
    scripts.set(url, await wireBytes(url));
    const code = await textOf(url);
    if (code.includes(REACT_DOM_CLIENT_MARK)) reactDom.push(new URL(url).pathname);
    for (const specifier of staticImports(code)) follow(specifier, url);
  }

  let css = 0;
  for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/gi)) css += brotliBytes(m[1] ?? '');
  for (const m of html.matchAll(/<link\b([^>]*)>/gi)) {
    const tag = m[1] ?? '';
    const href = attribute(tag, 'href');
    const media = attribute(tag, 'media');
    // A stylesheet for media that does not apply on screen (print) does not hold the first paint.
    if (href && attribute(tag, 'rel') === 'stylesheet' && (!media || /screen|all/.test(media))) {
      css += await wireBytes(new URL(href, pageUrl).href);
    }
  }
  const js = [...scripts.values()].reduce((sum, bytes) => sum + bytes, 0) + inlineJs;
  return { scripts, reactDom, js, css, onLoad };
}

const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
const listing = (weight: PageWeight): string =>
  [...weight.scripts]
    .sort((a, b) => b[1] - a[1])
    .map(([url, bytes]) => `${new URL(url).pathname} ${kb(bytes)}`)
    .join('\n');

describe('page weight (issue 13): what a phone downloads before touching a page', () => {
  it('serves scripts and stylesheets brotli-compressed, so the sums below are what travels', async () => {
    const weight = await weigh('/home');
    const [first] = weight.scripts.keys();
    expect(first, 'the home page loads at least one script').toBeDefined();
    expect((await getAsSent(first as string)).encoding).toBe('br');
  });

  it.each(READ_ONLY_PAGES)(
    '%s: no React, JavaScript ≤ 30 KB, first-paint CSS ≤ 8 KB, no island hydrated on load',
    async (path) => {
      const weight = await weigh(path);
      expect(weight.reactDom, `${path} loads React DOM's client:\n${listing(weight)}`).toEqual([]);
      expect(
        weight.onLoad,
        `${path} hydrates these on load; read-only pages wait for idle or visibility`,
      ).toEqual([]);
      expect(
        weight.js,
        `${path} loads ${kb(weight.js)} of JavaScript:\n${listing(weight)}`,
      ).toBeLessThanOrEqual(JS_BUDGET);
      expect(weight.css, `${path} needs ${kb(weight.css)} of CSS to paint`).toBeLessThanOrEqual(
        FIRST_PAINT_CSS_BUDGET,
      );
    },
  );
});

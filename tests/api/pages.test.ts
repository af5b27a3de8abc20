import { get, type IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { CampaignStatus } from '~/lib/enums';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import { baseUrl, page } from './support/http';

/** Enough HTML entity decoding to find text a person reads on the page. */
function decodeEntities(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&');
}

/** The text of every h1 on the page, tags stripped. */
function mainHeadings(html: string): string[] {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/gi)].map((m) =>
    decodeEntities((m[1] ?? '').replace(/<[^>]+>/g, ''))
      .replace(/\s+/g, ' ')
      .trim(),
  );
}

/** The HTML from the heading matching `heading` to the end of its section. */
function sectionAfterHeading(html: string, heading: RegExp): string {
  const headings = [...html.matchAll(/<h[1-6]\b[^>]*>([\s\S]*?)<\/h[1-6]>/gi)];
  const found = headings.find((m) => heading.test(decodeEntities((m[1] ?? '').replace(/<[^>]+>/g, ''))));
  expect(found, `a heading ${heading}`).toBeDefined();
  const start = found?.index ?? 0;
  const end = html.indexOf('</section>', start);
  return html.slice(start, end === -1 ? undefined : end);
}

/** Where a redirect points, as path + query with a trailing slash on the path dropped. */
function target(location: string | null): string {
  expect(location, 'a Location header').toBeTruthy();
  const url = new URL(location ?? '', baseUrl);
  expect(url.origin, 'redirects stay on the site').toBe(new URL(baseUrl).origin);
  const path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, '') : url.pathname;
  return `${path}${url.search}`;
}

/** A GET whose body is returned as sent (fetch would decompress it). */
function rawGet(
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    get(`${baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
}

describe('redirects of the route table (SPEC §2)', () => {
  it.each([
    ['/', '/home'],
    ['/privacy-policy', '/home/links?tab=privacy'],
    ['/how-it-works', '/home/links?tab=how'],
    ['/terms-and-conditions', '/home/links?tab=terms'],
    ['/champion/register', '/organization/register'],
  ])('%s redirects to %s', async (from, to) => {
    const res = await page(from);
    expect([301, 302, 307, 308]).toContain(res.status);
    expect(target(res.headers.get('location'))).toBe(to);
  });

  it.each(['/', '/privacy-policy', '/how-it-works', '/terms-and-conditions'])(
    'following %s lands on a working page',
    async (from) => {
      const res = await fetch(`${baseUrl}${from}`);
      expect(res.status).toBe(200);
      expect(new URL(res.url).pathname).toMatch(/^\/home(\/links\/?)?$/);
    },
  );
});

describe('not found', () => {
  it('/misc/404 answers 404 with a page that says so', async () => {
    const res = await page('/misc/404');
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(decodeEntities(res.html)).toMatch(/not found|404|doesn.t exist|does not exist/i);
  });

  it('an unknown path ends at /misc/404', async () => {
    const res = await fetch(`${baseUrl}/this-campaign-does-not-exist-${Date.now()}`);
    expect(new URL(res.url).pathname).toBe('/misc/404');
    expect(res.status).toBe(404);
  });
});

describe('home', () => {
  it('shows the three featured campaigns the public may see, each linking to its page', async () => {
    // The demo content (seeded into the server under test) is the oracle: featured, published and not hidden.
    const visible = DEMO_CAMPAIGNS.filter(
      (c) => c.featured && c.published && c.status !== CampaignStatus.Hidden,
    );
    const hidden = DEMO_CAMPAIGNS.filter((c) => c.featured && c.status === CampaignStatus.Hidden);
    expect(
      visible.length,
      'the demo content has at least 3 visible featured campaigns',
    ).toBeGreaterThanOrEqual(3);
    expect(hidden.length, 'the demo content has a hidden featured campaign').toBeGreaterThan(0);

    const res = await page('/home');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const featuredHtml = sectionAfterHeading(res.html, /Featured campaigns/i);
    const linked = new Set(
      [...featuredHtml.matchAll(/href="\/campaign\/([^"/?#]+)"/g)].map((m) => decodeURIComponent(m[1] ?? '')),
    );
    expect(linked.size, `campaigns linked under "Featured campaigns": ${[...linked].join(', ')}`).toBe(3);
    const text = decodeEntities(featuredHtml);
    for (const url of linked) {
      const campaign = visible.find((c) => c.url === url);
      expect(campaign, `${url} is a visible featured campaign`).toBeDefined();
      expect(text).toContain(campaign?.name);
    }
    for (const campaign of hidden) expect(text).not.toContain(campaign.name);
  });
});

describe('information pages', () => {
  it.each([
    ['/home/links?tab=privacy', /privacy/i],
    ['/home/links?tab=terms', /terms/i],
    ['/home/links?tab=how', /how it works/i],
    ['/home/links?tab=about', /about/i],
    ['/home/links?tab=about&about_tab=first', /fees\s*(&|and)\s*payouts/i],
    ['/home/links?tab=about&about_tab=second', /contact us/i],
  ])('%s shows its heading', async (path, heading) => {
    const res = await page(path);
    expect(res.status).toBe(200);
    const headings = mainHeadings(res.html);
    expect(
      headings.some((h) => heading.test(h)),
      `headings: ${JSON.stringify(headings)}`,
    ).toBe(true);
  });

  it('the tabs show different content', async () => {
    const [privacy, terms] = await Promise.all([
      page('/home/links?tab=privacy'),
      page('/home/links?tab=terms'),
    ]);
    expect(mainHeadings(privacy.html)).not.toEqual(mainHeadings(terms.html));
  });
});

describe('security headers on pages', () => {
  it('/home sends a strict Content-Security-Policy and the other protective headers', async () => {
    const res = await page('/home');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp, 'content-security-policy header').not.toBe('');
    expect(csp).toMatch(/frame-ancestors 'none'/);
    expect(csp).toMatch(/script-src /);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBeTruthy();
  });

  it('does not send HSTS outside production (the test server runs with APP_ENV=test)', async () => {
    const res = await page('/home');
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('compression', () => {
  it('/home is compressed for a browser that accepts gzip', async () => {
    const res = await rawGet('/home', { 'accept-encoding': 'gzip' });
    expect(res.status).toBe(200);
    const encoding = res.headers['content-encoding'];
    expect(['gzip', 'br']).toContain(encoding);
    const html = (encoding === 'gzip' ? gunzipSync(res.body) : brotliDecompressSync(res.body)).toString(
      'utf8',
    );
    expect(html).toMatch(/<html/i);
  });

  it('/home is sent uncompressed to a client that does not accept compression', async () => {
    const res = await rawGet('/home', { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString('utf8')).toMatch(/<html/i);
  });
});

import { PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { encode } from 'uqr';
import { beforeAll, describe, expect, it } from 'vitest';
import { CampaignStatus } from '~/lib/enums';
import { DEMO_CAMPAIGNS } from '~/lib/server/db/seed/demo-campaigns';
import {
  parseSitemapName,
  SITEMAP_PAGE_SIZE,
  sitemapPageCount,
  sitemapPageRange,
} from '~/lib/server/outreach/sitemapPaging';
import { type SignedInAccount, verifyAndLogin } from './support/accounts';
import {
  launchedCampaign,
  patchCampaign,
  publicDetail,
  readyCampaign,
  type SavedCampaign,
} from './support/campaigns';
import { baseUrl, getCachedPage } from './support/http';

// What the site sends out into the world for search engines and posters: /robots.txt, the
// sitemaps, each campaign's QR code and its A4 poster. The seeded demo campaigns give the
// drafts, hidden, closed and long-closed cases; this file's own owner gives fresh ones.

function demo(url: string): (typeof DEMO_CAMPAIGNS)[number] {
  const campaign = DEMO_CAMPAIGNS.find((c) => c.url === url);
  if (!campaign) throw new Error(`No demo campaign ${url}`);
  return campaign;
}

const lwazi = demo('help-lwazi-walk-again');
const draft = demo('khayelitsha-mobile-library');
const hidden = demo('mamelodi-east-food-garden');
/** Closed about 100 days ago: its page answers, but search engines should let it go. */
const longClosed = demo('karoo-donkey-sanctuary-borehole');
/** Closed about two months ago and expired three weeks ago: still worth finding. */
const recentlyClosed = demo('in-loving-memory-of-themba-zulu');
const recentlyExpired = demo('help-ayanda-finish-nursing');

async function get(path: string): Promise<Response> {
  return fetch(`${baseUrl}${path}`, { redirect: 'manual' });
}

const locsOf = (xml: string): string[] =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => (m[1] ?? '').replaceAll('&amp;', '&'));

let owner: SignedInAccount;
let publicCampaign: SavedCampaign;
let privateCampaign: SavedCampaign;
let draftCampaign: SavedCampaign;

beforeAll(async () => {
  owner = await verifyAndLogin();
  [publicCampaign, privateCampaign, draftCampaign] = await Promise.all([
    launchedCampaign(owner.accessToken, { name: 'Poster test: Ntombi’s netball kit' }),
    launchedCampaign(owner.accessToken, { visibility: 0 }),
    readyCampaign(owner.accessToken),
  ]);
});

describe('/robots.txt', () => {
  it('lets crawlers in, keeps them out of the tools and private pages, and names the sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/sandbox', '/dev', '/admin', '/api/', '/auth/', '/profile', '/thanks', '/embed/'])
      expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).not.toContain('Disallow: /');
    expect(lines).toContain(`Sitemap: ${baseUrl}/sitemap.xml`);
  });

  it('reads the same to a parser that takes the first matching rule, in every language', async () => {
    const lines = (await (await get('/robots.txt')).text()).split('\n');
    // The first Allow or Disallow whose path starts the URL decides; none matching allows.
    const allowed = (path: string): boolean => {
      for (const line of lines) {
        const rule = /^(Allow|Disallow): (\S+)$/.exec(line);
        if (rule?.[2] && path.startsWith(rule[2])) return rule[1] === 'Allow';
      }
      return true;
    };
    for (const path of [
      '/thanks',
      '/zu/thanks',
      '/af/donation/help-lwazi-walk-again',
      '/st/profile',
      '/xh/auth/login',
    ])
      expect(allowed(path), path).toBe(false);
    for (const path of ['/home', '/zu/home', '/campaign/help-lwazi-walk-again', '/xh/find-campaign'])
      expect(allowed(path), path).toBe(true);
  });
});

describe('the sitemap', () => {
  let index: string;
  let urls: string[];

  beforeAll(async () => {
    const res = await get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    index = await res.text();
    const sitemaps = locsOf(index);
    const bodies = await Promise.all(
      sitemaps.map(async (loc) => {
        expect(loc.startsWith(`${baseUrl}/sitemaps/`), loc).toBe(true);
        const sitemap = await get(new URL(loc).pathname);
        expect(sitemap.status, loc).toBe(200);
        expect(sitemap.headers.get('content-type')).toMatch(/^application\/xml/);
        return sitemap.text();
      }),
    );
    for (const body of bodies) expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    urls = bodies.flatMap(locsOf);
  });

  it('is an index of the pages, campaigns and organisations sitemaps, with when each last changed', () => {
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locsOf(index)).toEqual([
      `${baseUrl}/sitemaps/pages.xml`,
      `${baseUrl}/sitemaps/campaigns-1.xml`,
      `${baseUrl}/sitemaps/organizations-1.xml`,
    ]);
    expect(index).toMatch(/campaigns-1\.xml<\/loc><lastmod>\d{4}-\d\d-\d\dT[\d:.]+Z<\/lastmod>/);
  });

  it('lists the public pages with absolute, XML-escaped URLs', async () => {
    expect(urls).toEqual(
      expect.arrayContaining([
        `${baseUrl}/home`,
        `${baseUrl}/find-campaign`,
        `${baseUrl}/home/links?tab=how`,
        `${baseUrl}/home/links?tab=about&about_tab=first`,
      ]),
    );
    const pages = await (await get('/sitemaps/pages.xml')).text();
    expect(pages).toContain('tab=about&amp;about_tab=first');
    // No bare ampersand anywhere: each one starts an entity.
    expect(pages.replaceAll(/&(amp|lt|gt|quot|apos);/g, '')).not.toContain('&');
  });

  it('lists every page in each of its five languages, each entry naming all five with hreflang', async () => {
    const pages = await (await get('/sitemaps/pages.xml')).text();
    expect(pages).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"');
    const campaignPath = `/campaign/${lwazi.url}`;
    for (const prefix of ['', '/zu', '/xh', '/af', '/st']) {
      expect(urls).toContain(`${baseUrl}${prefix}/home`);
      expect(urls).toContain(`${baseUrl}${prefix}${campaignPath}`);
    }
    const campaigns = await (await get('/sitemaps/campaigns-1.xml')).text();
    const isiZulu =
      new RegExp(`<url><loc>${baseUrl}/zu${campaignPath}</loc>.*?</url>`).exec(campaigns)?.[0] ?? '';
    for (const [lang, prefix] of [
      ['en-ZA', ''],
      ['zu', '/zu'],
      ['xh', '/xh'],
      ['af', '/af'],
      ['st', '/st'],
    ])
      expect(isiZulu).toContain(
        `<xhtml:link rel="alternate" hreflang="${lang}" href="${baseUrl}${prefix}${campaignPath}"/>`,
      );
  });

  it('lists launched public campaigns by their canonical URL, with a lastmod', async () => {
    for (const c of [lwazi, recentlyClosed, recentlyExpired])
      expect(urls, c.url).toContain(`${baseUrl}/campaign/${c.url}`);
    expect(urls).toContain(`${baseUrl}/campaign/${publicCampaign.url}`);
    const campaigns = await (await get('/sitemaps/campaigns-1.xml')).text();
    expect(campaigns).toMatch(
      new RegExp(`/campaign/${lwazi.url}</loc><lastmod>\\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z</lastmod>`),
    );
  });

  it('leaves out drafts, hidden and private campaigns and those closed for long', () => {
    expect(draft.published).toBe(false);
    expect(hidden.status).toBe(CampaignStatus.Hidden);
    expect(longClosed.status).toBe(CampaignStatus.Closed);
    for (const url of [draft.url, hidden.url, longClosed.url, privateCampaign.url, draftCampaign.url])
      expect(
        urls.filter((u) => u.includes(`/${url}`)),
        url,
      ).toEqual([]);
  });

  it('lists the organisations’ public pages', async () => {
    const karoo = urls.find((u) => u.startsWith(`${baseUrl}/organization/`));
    expect(karoo).toBeDefined();
    const res = await get(new URL(karoo ?? '').pathname);
    expect(res.status).toBe(200);
  });

  it.each(['nothing', 'campaigns-0', 'campaigns-2', 'campaigns-01', 'organizations-9', 'pages-1'])(
    '/sitemaps/%s.xml is not found',
    async (name) => {
      const res = await get(`/sitemaps/${name}.xml`);
      expect(res.status).toBe(404);
    },
  );

  it('pages the campaigns and organisations below the protocol’s 50 000 URLs a sitemap', () => {
    expect(SITEMAP_PAGE_SIZE).toBeLessThanOrEqual(50_000);
    expect(sitemapPageCount(0, 3)).toBe(0);
    expect(sitemapPageCount(7, 3)).toBe(3);
    expect(sitemapPageRange(1, 7, 3)).toEqual({ offset: 0, limit: 3 });
    expect(sitemapPageRange(3, 7, 3)).toEqual({ offset: 6, limit: 3 });
    expect(sitemapPageRange(4, 7, 3)).toBeNull();
    expect(sitemapPageRange(1, 0, 3)).toBeNull();
    expect(parseSitemapName('campaigns-12')).toEqual({ kind: 'campaigns', page: 12 });
    expect(parseSitemapName('organizations-1')).toEqual({ kind: 'organizations', page: 1 });
    expect(parseSitemapName('pages')).toEqual({ kind: 'pages' });
    expect(parseSitemapName('campaigns-0')).toBeNull();
    expect(parseSitemapName('campaigns')).toBeNull();
  });
});

/** The modules of an SVG the QR endpoint drew: its side (quiet zone included) and the dark cells. */
function svgModules(svg: string): { side: number; dark: Set<string>; pixels: number } {
  const viewBox = svg.match(/viewBox="0 0 (\d+) (\d+)"/);
  const side = Number(viewBox?.[1]);
  expect(Number(viewBox?.[2])).toBe(side);
  const dark = new Set<string>();
  for (const m of (svg.match(/<path[^>]* d="([^"]*)"/)?.[1] ?? '').matchAll(/M(\d+) (\d+)h(\d+)v1h-\3z/g)) {
    const [x, y, length] = [Number(m[1]), Number(m[2]), Number(m[3])];
    for (let i = 0; i < length; i++) dark.add(`${x + i},${y}`);
  }
  return { side, dark, pixels: Number(svg.match(/ width="(\d+)"/)?.[1]) };
}

describe('a campaign’s QR code', () => {
  it('encodes the short link at error correction M, dark on white, with a 4-module quiet zone', async () => {
    const res = await get(`/campaign/${lwazi.url}/qr.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    const svg = await res.text();
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/);
    expect(svg).toMatch(/<rect width="\d+" height="\d+" fill="#ffffff"\/>/);
    expect(svg).toContain('<path fill="#000000"');

    // The short link, marked as reached by the QR code (issue 26's ?ref=qr).
    const link = `${baseUrl}/${lwazi.shortUrl}?ref=qr`;
    const expected = encode(link, { ecc: 'M', border: 0 });
    const drawn = svgModules(svg);
    expect(drawn.side).toBe(expected.size + 8);
    expect(drawn.pixels).toBeGreaterThanOrEqual(drawn.side * 4);
    for (let y = 0; y < drawn.side; y++)
      for (let x = 0; x < drawn.side; x++) {
        const inCode = x >= 4 && y >= 4 && x < expected.size + 4 && y < expected.size + 4;
        const isDark = inCode && expected.data[y - 4]?.[x - 4] === true;
        expect(drawn.dark.has(`${x},${y}`), `module ${x},${y}`).toBe(isDark);
      }
  });

  it('points at a short link that opens the campaign, whose Donate button says the QR code brought the donor', async () => {
    const res = await get(`/${lwazi.shortUrl}?ref=qr`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(lwazi.name);
    expect(html).toContain(`href="/donation/${lwazi.url}?ref=qr"`);
  });

  it.each([
    ['a draft', draft.url],
    ['a hidden campaign', hidden.url],
    ['an unknown campaign', 'no-such-campaign-here'],
  ])('is not found for %s', async (_, url) => {
    expect((await get(`/campaign/${url}/qr.svg`)).status).toBe(404);
  });
});

async function posterOf(url: string): Promise<{ res: Response; pdf: PDFDocument }> {
  const res = await get(`/campaign/${url}/poster.pdf`);
  expect(res.status).toBe(200);
  return { res, pdf: await PDFDocument.load(new Uint8Array(await res.arrayBuffer())) };
}

function imagesIn(pdf: PDFDocument): number {
  return pdf.context
    .enumerateIndirectObjects()
    .filter(
      ([, object]) =>
        object instanceof PDFRawStream && object.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'),
    ).length;
}

describe('a campaign’s poster', () => {
  it('is a one-page A4 PDF shown inline, with the campaign’s picture', async () => {
    const { res, pdf } = await posterOf(publicCampaign.url);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="${publicCampaign.url}-poster.pdf"`,
    );
    expect(pdf.getPageCount()).toBe(1);
    const { width, height } = pdf.getPage(0).getSize();
    expect(width).toBeCloseTo(595.28, 2);
    expect(height).toBeCloseTo(841.89, 2);
    expect(pdf.getTitle()).toBe('Poster test: Ntombi’s netball kit: poster');
    expect(imagesIn(pdf)).toBe(1);
  });

  it('is made again when the campaign changes', async () => {
    await posterOf(publicCampaign.url);
    await getCachedPage(`/campaign/${publicCampaign.url}/poster.pdf`);
    const renamed = await patchCampaign(owner.accessToken, publicCampaign.id, {
      name: 'Ntombi’s netball kit, renamed',
    });
    expect(renamed.status, renamed.text).toBe(200);
    const { pdf } = await posterOf(publicCampaign.url);
    expect(pdf.getTitle()).toBe('Ntombi’s netball kit, renamed: poster');
  });

  it.each([
    ['a demo campaign', lwazi.url],
    ['a closed campaign, whose page still answers', recentlyClosed.url],
  ])('is made for %s too', async (_, url) => {
    const { pdf } = await posterOf(url);
    expect(pdf.getPageCount()).toBe(1);
    expect(imagesIn(pdf)).toBe(1);
  });

  it.each([
    ['a draft (even one of this file’s own)', () => draftCampaign.url],
    ['a demo draft', () => draft.url],
    ['a hidden campaign', () => hidden.url],
  ])('is not found for %s', async (_, url) => {
    expect((await get(`/campaign/${url()}/poster.pdf`)).status).toBe(404);
  });

  it('is served for a private campaign, which anyone with the link may see', async () => {
    const detail = await publicDetail(privateCampaign.url);
    expect(detail.status).toBe(200);
    const { pdf } = await posterOf(privateCampaign.url);
    expect(pdf.getPageCount()).toBe(1);
  });
});
